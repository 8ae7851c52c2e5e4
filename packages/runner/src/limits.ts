import { timeLimitMessage, type RunLimit } from '@learn/shared';

/** What one run may use. Every value has a default here; the server overrides them from its config. */
export interface RunnerLimits {
  /** CPU time of the program (RLIMIT_CPU; SIGXCPU at the limit, SIGKILL one second later). */
  cpuMs: number;
  /** Wall clock of a run with its input given at once; the whole sandbox is killed at this time. */
  wallMs: number;
  /** Wall clock of an interactive run (input typed while it runs). */
  interactiveWallMs: number;
  /** Address space of each process (RLIMIT_AS). */
  memoryBytes: number;
  /** Processes and threads inside one run (RLIMIT_NPROC, counted in the run's own user namespace). */
  processes: number;
  /** Largest file, and all files together (RLIMIT_FSIZE and the size of the work folder's tmpfs). */
  fileBytes: number;
  /** stdout and stderr together; more is cut with a visible marker and the program is stopped. */
  outputBytes: number;
  /** Wall clock and CPU time of a compilation. */
  compileMs: number;
  /** Address space of the compiler (cc1plus needs more than a program). */
  compileMemoryBytes: number;
  /** CPU bandwidth of one run (all its processes together), in cores; held by the run's cgroup. */
  cores: number;
  /** Input typed ahead that the program has not read yet, at most; more is refused until it reads. */
  stdinBufferBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: RunnerLimits = {
  cpuMs: 5_000,
  wallMs: 10_000,
  interactiveWallMs: 120_000,
  memoryBytes: 256 * MiB,
  processes: 64,
  fileBytes: 8 * MiB,
  outputBytes: 64 * 1024,
  compileMs: 10_000,
  compileMemoryBytes: 1024 * MiB,
  cores: 1,
  stdinBufferBytes: 256 * 1024,
};

/** The largest program file a compilation may write (RLIMIT_FSIZE of the compiler and linker). */
export const COMPILE_FILE_BYTES = 64 * MiB;

function size(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const seconds = (ms: number) => (ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 100) / 10} s`);

/** The words a beginner reads when a limit stopped the run. */
export function limitMessage(limit: RunLimit, limits: RunnerLimits, phase: 'run' | 'compile' = 'run', interactive = false): string {
  if (phase === 'compile') {
    if (limit === 'output') return `Compiler output cut at ${size(limits.outputBytes)}`;
    if (limit === 'memory') return `Compilation ran out of memory (${size(limits.compileMemoryBytes)})`;
    if (limit === 'file-size')
      return `The program is too large: a compiled program may be at most ${size(COMPILE_FILE_BYTES)} (look for a very large array with initial values)`;
    if (limit === 'processes') return `Too many processes (${limits.processes})`;
    return `Compilation took too long (${seconds(limits.compileMs)})`;
  }
  switch (limit) {
    case 'cpu-time':
    case 'wall-time':
      // The same words as Python in the browser says them (one source, in packages/shared).
      return timeLimitMessage(limit, limits, interactive);
    case 'memory':
      return `Memory limit exceeded (${size(limits.memoryBytes)})`;
    case 'output':
      return `Output cut at ${size(limits.outputBytes)}`;
    case 'processes':
      return `Too many processes (${limits.processes})`;
    case 'file-size':
      return `File size limit exceeded (${size(limits.fileBytes)})`;
  }
}
