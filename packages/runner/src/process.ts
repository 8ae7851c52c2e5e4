import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { constants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { HOST_ENV } from './sandbox.js';
import type { CgroupUsage, RunCgroup } from './cgroup.js';

export interface ProcOptions {
  /** Given at once and then closed; undefined with `streaming` keeps stdin open for write(). */
  stdin?: string;
  streaming?: boolean;
  wallMs: number;
  outputBytes: number;
  onStdout?: (data: string) => void;
  onStderr?: (data: string) => void;
  /** Given to the child as file descriptor 3 (the seccomp filter); the caller closes it after the spawn. */
  fd3?: number;
  /** The run's cgroup: its CPU time is held to `cpuMs` for the whole process tree; removed at the end. */
  cgroup?: RunCgroup;
  cpuMs?: number;
  /** CPU time after which the run gets the small share (default BUSY_CPU_MS). */
  busyCpuMs?: number;
  /** Input written but not yet read by the program, at most (streaming runs); past it write() refuses. */
  stdinBufferBytes?: number;
}

export interface ProcOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timeMs: number;
  /** Why we stopped it ourselves, if we did. */
  stoppedFor: 'wall-time' | 'cpu-time' | 'processes' | 'output' | 'killed' | null;
  truncated: boolean;
  /** What the whole run held, from its cgroup (null without one). */
  usage: CgroupUsage | null;
}

export interface ProcHandle {
  /** false when the input was not taken: the program has not read what it was already given. */
  write(data: string): boolean;
  end(): void;
  kill(): void;
  done: Promise<ProcOutcome>;
}

/** A run that has used this much CPU is a long one: it gets a small CPU share from then on. */
const BUSY_CPU_MS = 500;
/** Forks refused at the process limit this often: a fork bomb, stopped (a program that meets the limit once and copes is not). */
const FORK_BOMB_REFUSALS = 200;

const aliases = new Set(['SIGIOT', 'SIGPOLL', 'SIGUNUSED']);
const signalNames = new Map<number, string>(
  Object.entries(constants.signals)
    .filter(([name]) => !aliases.has(name))
    .map(([name, n]) => [n, name]),
);

/**
 * Runs one sandbox command without blocking the event loop: output is capped,
 * the wall clock kills the sandbox (bwrap's --die-with-parent and the pid namespace take every process in it
 * along), and stdin is either given at once and closed (end of input, never a hang) or streamed.
 */
export function startProcess(cmd: string, args: string[], opts: ProcOptions): ProcHandle {
  const started = performance.now();
  const child = spawn(cmd, args, {
    env: HOST_ENV,
    stdio: opts.fd3 === undefined ? ['pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe', opts.fd3],
  }) as ChildProcessWithoutNullStreams;
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  const decoders = { stdout: new StringDecoder('utf8'), stderr: new StringDecoder('utf8') };
  let used = 0;
  let truncated = false;
  let stoppedFor: ProcOutcome['stoppedFor'] = null;

  const stop = (why: NonNullable<ProcOutcome['stoppedFor']>) => {
    if (stoppedFor || child.exitCode !== null || child.signalCode !== null) return;
    stoppedFor = why;
    child.kill('SIGKILL');
  };
  const timer = setTimeout(() => stop('wall-time'), opts.wallMs);
  // RLIMIT_CPU holds each process; the cgroup's CPU time holds all of them together (60 busy children too).
  // A run busy for a while gets a small CPU share, so a hello compiled beside a hog runs at once; a fork bomb
  // (forks refused again and again at the process limit) is stopped rather than left to spin.
  const { cgroup, cpuMs } = opts;
  let polling = false;
  let lowered = false;
  let heldBack = false;
  const cpuWatch =
    cgroup && cpuMs !== undefined
      ? setInterval(() => {
          if (polling) return;
          polling = true;
          void cgroup
            .poll()
            .then(async (p) => {
              if (p.cpuMs > cpuMs) stop('cpu-time');
              else if (p.forksRefused >= FORK_BOMB_REFUSALS) stop('processes');
              else if (!heldBack && p.forksRefused > 0) {
                heldBack = true;
                await cgroup.holdBack();
              } else if (!lowered && p.cpuMs > (opts.busyCpuMs ?? BUSY_CPU_MS)) {
                lowered = true;
                await cgroup.lowerPriority();
              }
            })
            .catch(() => {})
            .finally(() => (polling = false));
        }, 100)
      : null;

  const take = (stream: 'stdout' | 'stderr', data: Buffer) => {
    if (truncated) return;
    const room = opts.outputBytes - used;
    const part = data.length > room ? data.subarray(0, room) : data;
    used += part.length;
    chunks[stream].push(part);
    const text = decoders[stream].write(part);
    if (text) (stream === 'stdout' ? opts.onStdout : opts.onStderr)?.(text);
    if (data.length > room) {
      // The cut is said once, by the run's limit message, not also inside the output.
      truncated = true;
      stop('output');
    }
  };
  child.stdout.on('data', (d: Buffer) => take('stdout', d));
  child.stderr.on('data', (d: Buffer) => take('stderr', d));
  child.stdin.on('error', () => {});
  if (!opts.streaming) child.stdin.end(opts.stdin ?? '');
  else if (opts.stdin) child.stdin.write(opts.stdin);

  const done = new Promise<ProcOutcome>((resolve) => {
    let finished = false;
    const finish = async (code: number | null, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (cpuWatch) clearInterval(cpuWatch);
      const usage = cgroup ? await cgroup.usage().catch(() => null) : null;
      await cgroup?.destroy();
      let exitCode = code;
      let programSignal: string | null = signal;
      // bwrap reports a program ended by signal N as exit status 128 + N.
      if (code !== null && code > 128 && signalNames.has(code - 128)) {
        programSignal = signalNames.get(code - 128)!;
        exitCode = null;
      }
      const stdout = Buffer.concat(chunks.stdout).toString('utf8');
      resolve({
        stdout,
        stderr: Buffer.concat(chunks.stderr).toString('utf8'),
        exitCode,
        signal: programSignal,
        timeMs: Math.round(performance.now() - started),
        stoppedFor,
        truncated,
        usage,
      });
    };
    child.on('close', (code, signal) => void finish(code, signal));
    child.on('error', (err) => {
      chunks.stderr.push(Buffer.from(`Could not start the sandbox: ${err.message}\n`));
      void finish(null, null);
    });
  });

  return {
    write(data) {
      if (!child.stdin.writable) return true;
      const cap = opts.stdinBufferBytes ?? Infinity;
      if (child.stdin.writableLength + Buffer.byteLength(data) > cap) return false;
      child.stdin.write(data);
      return true;
    },
    end() {
      if (child.stdin.writable) child.stdin.end();
    },
    kill: () => stop('killed'),
    done,
  };
}
