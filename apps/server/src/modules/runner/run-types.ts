import type { CompileResult, RunResult } from '@learn/shared';
import type { RunnerIsolation } from '@learn/runner';
import type { QueueStats } from './queued/figures.js';

/**
 * The code runner's vocabulary, shared by the in-process runner (service.ts), the run queue's API side
 * (queued/client.ts) and the runner workers (queued/worker-host.ts): what a run tells its student, and the
 * health and status shapes.
 */

/**
 * The lanes runs wait in, each with its own slots: the scratchpad (and the compile step of an interactive
 * run), interactive programs (a program waiting for typed input holds no compile slot), and grading
 * (homework and exam tests), so that neither grading nor the scratchpad can starve the other. A student
 * whose last run hit a limit (a fork bomb, a memory hog, an endless loop) compiles and runs in the restricted
 * lane for a minute, at a small CPU share: run again and again, it holds none of the others' slots.
 */
export type Lane = 'scratch' | 'interactive' | 'grading' | 'restricted';

export interface RunnerHealth {
  available: boolean;
  reason: string | null;
  versions: { gcc: string | null; gpp: string | null; python: string | null };
  /** How runs are held: a cgroup per run (v1/v2) and the seccomp filter, or what is missing. */
  isolation: RunnerIsolation;
  concurrency: number;
  running: number;
  queued: number;
  lanes: Record<Lane, { concurrency: number; running: number; queued: number }>;
  /** REDIS_URL: the run queue's depth, waiting time and each runner worker's figures; null: runs are done here. */
  queue: QueueStats | null;
}

/** Whether code can run; `retryLater`: not now, for want of a runner worker (or of Redis), not of a sandbox. */
export interface SandboxStatus {
  available: boolean;
  reason: string | null;
  retryLater?: boolean;
}

/** What an interactive run tells its socket, in order. */
export interface InteractiveEvents {
  queued(position: number): void;
  compiled(compile: CompileResult | null): void;
  started(): void;
  stdout(data: string): void;
  stderr(data: string): void;
  exit(run: RunResult): void;
  error(message: string, unavailable: boolean): void;
  /** Something the student should know that does not end the run (input refused by a worker). */
  notice?(message: string): void;
}

export interface InteractiveRun {
  /** false when the input was refused: the program has not read what it was already given. */
  write(data: string): boolean;
  eof(): void;
  kill(): void;
  /** Settles when the run (or its compilation) is over and its slot is free. */
  done: Promise<void>;
}

/** Said to the earlier run when a student starts another: one program runs at a time for each student. */
export const REPLACED_MESSAGE = 'Stopped: you started another program (one program runs at a time for each student).';
/** Said to a run asked for while the server shuts down. */
export const DRAINING_MESSAGE = 'The server is restarting. Run your program again in a moment.';
export const INPUT_REFUSED_MESSAGE = (kib: number) =>
  `Input not sent: the program has not read the ${kib} KiB typed before. Wait for it to ask for more.`;

/** The result of a run stopped before it started (its student started another). */
export function stopped(message: string): RunResult {
  return { stdout: '', stderr: '', exitCode: null, signal: null, timeMs: 0, limit: null, limitMessage: message, truncated: false };
}
