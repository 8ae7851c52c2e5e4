import { closeSync, openSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompileResult, RunLanguage, RunLimit, RunResult } from '@learn/shared';
import { DEFAULT_LIMITS, limitMessage, type RunnerLimits } from './limits.js';
import { CGROUP_JOIN_FAILED, DEFAULT_SANDBOX, missingTool, rlimitsFor, sandboxCommand, type SandboxConfig } from './sandbox.js';
import { startProcess, type ProcHandle, type ProcOutcome } from './process.js';
import { detectCgroups, type Cgroups, type RunCgroup } from './cgroup.js';
import { seccompFilter } from './seccomp.js';
import { PCH_HEADER, PCH_MOUNT, PchCache, removeStalePch, unPch } from './pch.js';
import { parseDiagnostics, tidyCompilerOutput } from './diagnostics.js';
import { classifyRun } from './classify.js';

export interface RunnerOptions extends Partial<SandboxConfig> {
  limits?: Partial<RunnerLimits>;
  /** Host folder under which each compilation gets its own folder (default: the OS temp folder). */
  workRoot?: string;
  /** Per-run cgroups: found automatically (v2 if delegated, else v1), a version forced, or off. */
  cgroup?: 'auto' | 'v1' | 'v2' | 'off';
  /** C++ compiles against a precompiled header of the program's standard includes (default true). */
  precompiledHeaders?: boolean;
}

/** How runs are held here: one cgroup per run (which version) and the seccomp filter, or why not. */
export interface RunnerIsolation {
  cgroup: 'v1' | 'v2' | null;
  seccomp: boolean;
  /** What is missing, in a sentence for the log and /api/health (null when runs are fully accounted). */
  warning: string | null;
}

export interface RunnerStatus {
  available: boolean;
  reason: string | null;
  versions: { gcc: string | null; gpp: string | null; python: string | null };
  isolation: RunnerIsolation;
}

/** A program ready to run many times (compile once, run N tests). dispose() removes its folder. */
export interface CompiledProgram {
  language: RunLanguage;
  /** Built with a sanitizer: its memory is held by the sanitizer's RSS limit instead of rlimits. */
  sanitized: boolean;
  dir: string;
  dispose(): Promise<void>;
}

export interface RunOptions {
  stdin?: string;
  /** Keep stdin open for write() (interactive); output is then unbuffered so prompts show at once. */
  interactive?: boolean;
  limits?: Partial<RunnerLimits>;
  onStdout?: (data: string) => void;
  onStderr?: (data: string) => void;
  /** Start at the small CPU share (the student's last run hit a limit): other students' runs go first. */
  lowPriority?: boolean;
}

export interface RunHandle {
  /** false when the input was refused: the program has not yet read what it was given before. */
  write(data: string): boolean;
  end(): void;
  kill(): void;
  done: Promise<RunResult>;
}

export class SandboxUnavailableError extends Error {}

const FILE: Record<RunLanguage, string> = { c: 'main.c', cpp: 'main.cpp', python: 'main.py' };
const MiB = 1024 * 1024;

/** The C++ compiler's flags (a precompiled header is built with exactly these). */
export function cppFlags(extraFlags: string[] = []): string[] {
  return ['-std=c++20', '-Wall', '-Wextra', '-pthread', ...extraFlags];
}

export function compilerCommand(language: 'c' | 'cpp', extraFlags: string[] = []): string[] {
  return language === 'c'
    ? ['gcc', '-std=c17', '-Wall', '-Wextra', ...extraFlags, '-o', 'main', 'main.c', '-lm']
    : ['g++', ...cppFlags(extraFlags), '-o', 'main', 'main.cpp'];
}

/**
 * What a whole run (every process, its shared memory, memfd and tmpfs files) may hold, as its cgroup holds it:
 * the program's memory limit plus room for its files and the C library's caches; a sanitizer's shadow memory
 * and quarantine come on top for sanitized builds; a compilation has the compiler's limit.
 */
export function cgroupMemoryBytes(limits: RunnerLimits, phase: 'compile' | 'run', sanitized: boolean): number {
  if (phase === 'compile') return limits.compileMemoryBytes;
  return limits.memoryBytes + (sanitized ? 512 * MiB : 64 * MiB);
}

let runnerCount = 0;

/** The sandboxed code runner: compiles and runs C, C++ and Python under the limits a student gets. */
export class Runner {
  readonly limits: RunnerLimits;
  readonly sandbox: SandboxConfig;
  private readonly workRoot: string;
  private readonly cgroupSetting: NonNullable<RunnerOptions['cgroup']>;
  private statusPromise: Promise<RunnerStatus> | null = null;
  private cgroups: Cgroups | null = null;
  private seccompPath: string | null = null;
  private readonly pch: PchCache | null;

  constructor(opts: RunnerOptions = {}) {
    this.cgroupSetting = opts.cgroup ?? 'auto';
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.sandbox = {
      bwrapPath: opts.bwrapPath ?? DEFAULT_SANDBOX.bwrapPath,
      sandboxUid: opts.sandboxUid ?? DEFAULT_SANDBOX.sandboxUid,
    };
    this.workRoot = opts.workRoot ?? join(tmpdir(), 'learn-runner');
    removeStalePch(this.workRoot);
    this.pch =
      opts.precompiledHeaders === false
        ? null
        : new PchCache(
            join(this.workRoot, `pch-${process.pid}-${(runnerCount++).toString(36)}`),
            async (dir, flags) => {
              const build = ['g++', ...flags, '-x', 'c++-header', PCH_HEADER, '-o', `${PCH_HEADER}.gch`];
              return (await this.exec(build, dir, [], 'compile').done).exitCode === 0;
            },
            process.getuid?.() === 0 ? this.sandbox.sandboxUid : null,
          );
  }

  /** Whether runs can work here, and the tool versions inside the sandbox (checked once). */
  status(): Promise<RunnerStatus> {
    this.statusPromise ??= this.probe();
    return this.statusPromise;
  }

  private async probe(): Promise<RunnerStatus> {
    const none = { gcc: null, gpp: null, python: null };
    const detected = await detectCgroups(this.cgroupSetting);
    this.cgroups = detected.cgroups;
    const filter = seccompFilter();
    if (filter) {
      await mkdir(this.workRoot, { recursive: true, mode: 0o711 });
      this.seccompPath = join(this.workRoot, `seccomp-${process.pid}.bpf`);
      await writeFile(this.seccompPath, filter, { mode: 0o644 });
    }
    const warnings = [
      detected.reason,
      filter ? null : `no seccomp filter for ${process.arch} (nested user namespaces are still refused)`,
    ].filter(Boolean);
    const isolation: RunnerIsolation = {
      cgroup: detected.cgroups?.version ?? null,
      seccomp: filter !== null,
      warning: warnings.length ? warnings.join('; ') : null,
    };
    const missing = await missingTool(this.sandbox);
    if (missing) return { available: false, reason: missing, versions: none, isolation };
    const ask = async (command: string[]) => {
      const r = await this.exec(command, null, [], 'compile').done;
      return r.exitCode === 0 ? r.stdout.trim() || r.stderr.trim() : null;
    };
    const probe = await this.exec(['/usr/bin/true'], null, [], 'compile').done;
    if (probe.exitCode !== 0)
      return { available: false, reason: `bubblewrap does not start a sandbox here: ${probe.stderr.trim()}`, versions: none, isolation };
    const [gcc, gpp, python] = await Promise.all([
      ask(['gcc', '-dumpfullversion']),
      ask(['g++', '-dumpfullversion']),
      ask(['python3', '--version']),
    ]);
    return { available: true, reason: null, versions: { gcc, gpp, python: python?.replace(/^Python /, '') ?? null }, isolation };
  }

  private async assertAvailable() {
    const s = await this.status();
    if (!s.available) throw new SandboxUnavailableError(s.reason ?? 'Code running is unavailable');
  }

  private cgroupFor(limits: RunnerLimits, phase: 'compile' | 'run', sanitized: boolean, lowPriority: boolean): Promise<RunCgroup> | null {
    if (!this.cgroups) return null;
    const memoryBytes = cgroupMemoryBytes(limits, phase, sanitized);
    // Held back: a compile at the small share (it is not slowed on an idle machine), a program at the small
    // quota (a small share would let a starved fork bomb hold the kernel lock every run needs to start).
    const low = !lowPriority ? undefined : phase === 'compile' ? 'weight' : 'quota';
    return this.cgroups.create({ memoryBytes, processes: limits.processes, cores: limits.cores, low });
  }

  /**
   * Starts one sandboxed command. The run's cgroup is made first (so the handle starts a moment later);
   * input written before then waits, within the same cap as input the program has not read yet.
   */
  private exec(
    command: string[],
    dir: string | null,
    extraMounts: { host: string; dest: string }[],
    phase: 'compile' | 'run',
    opts: RunOptions = {},
    sanitized = false,
  ): ProcHandle {
    const limits = { ...this.limits, ...opts.limits };
    const compiling = phase === 'compile';
    const rlimits = rlimitsFor(limits, phase);
    const mib = Math.floor(limits.memoryBytes / MiB);
    const asan = `hard_rss_limit_mb=${mib}:allocator_may_return_null=1:detect_leaks=0:quarantine_size_mb=32:verify_asan_link_order=0`;
    const launch = async () => {
      const cgroup = await this.cgroupFor(limits, phase, sanitized, opts.lowPriority ?? false);
      // With a cgroup, its pids.max is the limit a fork bomb meets first (the kernel counts refused forks
      // there, which stops the bomb at once); RLIMIT_NPROC stays a little above it as a backstop.
      if (cgroup) rlimits.processes = limits.processes + 8;
      const { cmd, args } = sandboxCommand(this.sandbox, {
        mounts: [...(compiling && dir ? [{ host: dir, dest: '/work', writable: true }] : []), ...extraMounts],
        workTmpfsBytes: compiling && dir ? null : limits.fileBytes,
        tmpBytes: compiling ? 256 * MiB : limits.fileBytes,
        rlimits: sanitized ? { ...rlimits, memoryBytes: null } : rlimits,
        env: sanitized ? { ASAN_OPTIONS: asan } : undefined,
        command,
        cgroupProcs: cgroup?.procsFiles,
        seccomp: this.seccompPath !== null,
      });
      const fd3 = this.seccompPath ? openSync(this.seccompPath, 'r') : undefined;
      try {
        return startProcess(cmd, args, {
          stdin: opts.stdin,
          streaming: opts.interactive,
          wallMs: compiling ? limits.compileMs : opts.interactive ? limits.interactiveWallMs : limits.wallMs,
          outputBytes: limits.outputBytes,
          onStdout: opts.onStdout,
          onStderr: opts.onStderr,
          fd3,
          cgroup: cgroup ?? undefined,
          cpuMs: compiling ? limits.compileMs : limits.cpuMs,
          // A program past 150 ms of CPU is a long one (a hello takes a few): others' short runs go first. A
          // compile keeps its full share longer (a C++ compile takes a few hundred ms, and forks as it goes).
          busyCpuMs: compiling ? undefined : 150,
          stdinBufferBytes: limits.stdinBufferBytes,
        });
      } finally {
        if (fd3 !== undefined) closeSync(fd3);
      }
    };
    let proc: ProcHandle | null = null;
    const early: string[] = [];
    let earlyBytes = 0;
    let ended = false;
    let killed = false;
    const done = launch().then((p) => {
      proc = p;
      early.forEach((d) => p.write(d));
      if (ended) p.end();
      if (killed) p.kill();
      return p.done;
    });
    return {
      write: (data) => {
        if (proc) return proc.write(data);
        if (earlyBytes + Buffer.byteLength(data) > limits.stdinBufferBytes) return false;
        earlyBytes += Buffer.byteLength(data);
        early.push(data);
        return true;
      },
      end: () => (proc ? proc.end() : void (ended = true)),
      kill: () => (proc ? proc.kill() : void (killed = true)),
      done,
    };
  }

  /** Writes the code to a fresh folder and compiles it (Python: only written; its compile result is null). */
  async compileOnce(req: { language: RunLanguage; code: string; extraFlags?: string[]; lowPriority?: boolean }): Promise<{
    compile: CompileResult | null;
    program: CompiledProgram | null;
  }> {
    await this.assertAvailable();
    await mkdir(this.workRoot, { recursive: true, mode: 0o711 });
    const dir = await mkdtemp(join(this.workRoot, 'run-'));
    const sanitized = (req.extraFlags ?? []).some((f) => f.startsWith('-fsanitize='));
    const program: CompiledProgram = { language: req.language, sanitized, dir, dispose: () => rm(dir, { recursive: true, force: true }) };
    try {
      await writeFile(join(dir, FILE[req.language]), req.code);
      // The sandbox runs as the unprivileged uid: the folder is its own, and no one else's.
      if (process.getuid?.() === 0) await chown(dir, this.sandbox.sandboxUid, this.sandbox.sandboxUid);
      await chmod(dir, 0o700);
      if (req.language === 'python') return { compile: null, program };
      const pchDir = req.language === 'cpp' && this.pch ? await this.pch.forProgram(req.code, cppFlags(req.extraFlags)) : null;
      const command = pchDir
        ? compilerCommand('cpp', [...(req.extraFlags ?? []), '-include', `${PCH_MOUNT}/${PCH_HEADER}`])
        : compilerCommand(req.language, req.extraFlags);
      const r = await this.exec(command, dir, pchDir ? [{ host: pchDir, dest: PCH_MOUNT }] : [], 'compile', {
        lowPriority: req.lowPriority,
      }).done;
      const compile = this.compileResult(
        pchDir ? { ...r, stderr: unPch(r.stderr, FILE.cpp), stdout: unPch(r.stdout, FILE.cpp) } : r,
        FILE[req.language],
      );
      if (compile.ok) return { compile, program };
      await program.dispose();
      return { compile, program: null };
    } catch (err) {
      await program.dispose();
      throw err;
    }
  }

  private compileResult(r: ProcOutcome, fileName: string): CompileResult {
    let output = tidyCompilerOutput(r.stdout + r.stderr, fileName);
    let limit: RunLimit | null = null;
    if (r.exitCode === CGROUP_JOIN_FAILED && !output.trim()) throw new Error('The run could not join its cgroup');
    if (r.usage?.oomKilled || (r.exitCode !== 0 && /memory exhausted|out of memory|Cannot allocate memory/i.test(output))) limit = 'memory';
    else if (
      r.exitCode !== 0 &&
      (r.signal === 'SIGXFSZ' || /File size limit exceeded|File too large|No space left on device/i.test(output))
    ) {
      // A program too big to write (a huge initialised array): gcc dies on the file limit and calls it an
      // internal compiler error; the learner reads what happened instead of a request for a bug report.
      limit = 'file-size';
      output = '';
    } else if (r.exitCode !== 0 && r.usage?.processLimitHit) limit = 'processes';
    else if (r.stoppedFor === 'wall-time' || r.stoppedFor === 'cpu-time' || r.signal === 'SIGXCPU' || r.signal === 'SIGKILL')
      limit = 'wall-time';
    else if (r.truncated) limit = 'output';
    return {
      ok: r.exitCode === 0 && !r.truncated,
      diagnostics: parseDiagnostics(output, fileName),
      output: limit ? `${output}${output.endsWith('\n') || !output ? '' : '\n'}${limitMessage(limit, this.limits, 'compile')}\n` : output,
      timeMs: r.timeMs,
      limit,
      limitMessage: limit ? limitMessage(limit, this.limits, 'compile') : null,
    };
  }

  /** Starts a compiled program in a fresh sandbox: its own tmpfs work folder, the program bound read-only. */
  start(program: CompiledProgram, opts: RunOptions = {}): RunHandle {
    const limits = { ...this.limits, ...opts.limits };
    const python = program.language === 'python';
    const file = python ? 'main.py' : 'main';
    // Unbuffered output, always: what a program printed before a limit stopped it is shown, not lost in a
    // buffer that the kill never flushed.
    const command = python ? ['python3', '-u', 'main.py'] : ['stdbuf', '-o0', '-e0', './main'];
    const proc = this.exec(command, null, [{ host: join(program.dir, file), dest: `/work/${file}` }], 'run', opts, program.sanitized);
    // Tracebacks name the learner's file, not the sandbox folder.
    const named = (r: ProcOutcome) => (python ? { ...r, stderr: r.stderr.replaceAll('"/work/main.py"', '"main.py"') } : r);
    return { ...proc, done: proc.done.then((r) => classifyRun(named(r), limits, opts.interactive)) };
  }

  async runCompiled(program: CompiledProgram, opts: RunOptions = {}): Promise<RunResult> {
    await this.assertAvailable();
    return this.start(program, opts).done;
  }

  /** Compiles and runs one program with its whole input (the POST /api/run case). */
  async runProgram(req: { language: RunLanguage; code: string; stdin?: string; limits?: Partial<RunnerLimits>; extraFlags?: string[] }) {
    const { compile, program } = await this.compileOnce(req);
    if (!program) return { compile, run: null };
    try {
      return { compile, run: await this.runCompiled(program, { stdin: req.stdin ?? '', limits: req.limits }) };
    } finally {
      await program.dispose();
    }
  }
}
