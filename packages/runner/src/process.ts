import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { HOST_ENV } from './sandbox.js';

export interface ProcOptions {
  /** Given at once and then closed; undefined with `streaming` keeps stdin open for write(). */
  stdin?: string;
  streaming?: boolean;
  wallMs: number;
  outputBytes: number;
  marker: string;
  onStdout?: (data: string) => void;
  onStderr?: (data: string) => void;
}

export interface ProcOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: string | null;
  timeMs: number;
  /** Why we stopped it ourselves, if we did. */
  stoppedFor: 'wall-time' | 'output' | 'killed' | null;
  truncated: boolean;
}

export interface ProcHandle {
  write(data: string): void;
  end(): void;
  kill(): void;
  done: Promise<ProcOutcome>;
}

const aliases = new Set(['SIGIOT', 'SIGPOLL', 'SIGUNUSED']);
const signalNames = new Map<number, string>(
  Object.entries(constants.signals)
    .filter(([name]) => !aliases.has(name))
    .map(([name, n]) => [n, name]),
);

/**
 * Runs one sandbox command without blocking the event loop: output is capped (the cap marker ends stdout),
 * the wall clock kills the sandbox (bwrap's --die-with-parent and the pid namespace take every process in it
 * along), and stdin is either given at once and closed (end of input, never a hang) or streamed.
 */
export function startProcess(cmd: string, args: string[], opts: ProcOptions): ProcHandle {
  const started = performance.now();
  const child = spawn(cmd, args, { env: HOST_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
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

  const take = (stream: 'stdout' | 'stderr', data: Buffer) => {
    if (truncated) return;
    const room = opts.outputBytes - used;
    const part = data.length > room ? data.subarray(0, room) : data;
    used += part.length;
    chunks[stream].push(part);
    const text = decoders[stream].write(part);
    if (text) (stream === 'stdout' ? opts.onStdout : opts.onStderr)?.(text);
    if (data.length > room) {
      truncated = true;
      opts.onStdout?.(opts.marker);
      stop('output');
    }
  };
  child.stdout.on('data', (d: Buffer) => take('stdout', d));
  child.stderr.on('data', (d: Buffer) => take('stderr', d));
  child.stdin.on('error', () => {});
  if (!opts.streaming) child.stdin.end(opts.stdin ?? '');
  else if (opts.stdin) child.stdin.write(opts.stdin);

  const done = new Promise<ProcOutcome>((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      let exitCode = code;
      let programSignal: string | null = signal;
      // bwrap reports a program ended by signal N as exit status 128 + N.
      if (code !== null && code > 128 && signalNames.has(code - 128)) {
        programSignal = signalNames.get(code - 128)!;
        exitCode = null;
      }
      const stdout = Buffer.concat(chunks.stdout).toString('utf8') + (truncated ? opts.marker : '');
      resolve({
        stdout,
        stderr: Buffer.concat(chunks.stderr).toString('utf8'),
        exitCode,
        signal: programSignal,
        timeMs: Math.round(performance.now() - started),
        stoppedFor,
        truncated,
      });
    };
    child.on('close', finish);
    child.on('error', (err) => {
      chunks.stderr.push(Buffer.from(`Could not start the sandbox: ${err.message}\n`));
      finish(null, null);
    });
  });

  return {
    write(data) {
      if (child.stdin.writable) child.stdin.write(data);
    },
    end() {
      if (child.stdin.writable) child.stdin.end();
    },
    kill: () => stop('killed'),
    done,
  };
}
