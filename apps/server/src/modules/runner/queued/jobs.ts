import type { LessonTask } from '@learn/content';
import type { CompileResult, RunLanguage, RunResponse, RunResult, TestOutcome } from '@learn/shared';
import type { Redis } from 'ioredis';
import type { RunnerService } from '../service.js';

/**
 * The run queue's vocabulary, shared by the API instances (which add jobs) and the runner workers (which do
 * them). Two BullMQ queues under the configured prefix: `runs` (scratchpad runs and grading, by priority) and
 * `interactive` (a program waiting for typed input holds a worker slot of its own pool, not a compile slot).
 */
export const RUNS_QUEUE = 'runs';
export const INTERACTIVE_QUEUE = 'interactive';

/** BullMQ priorities: 1 is taken first. Exam grading, then homework, then the scratchpad. */
export const PRIORITY = { exam: 1, homework: 2, scratch: 3 } as const;
export type GradeKind = 'exam' | 'homework';

/** A graded answer: the shape of homework's TestRun (the runner does not import homework). */
export interface TestRun {
  compileOk: boolean;
  compileOutput: string;
  tests: TestOutcome[];
  passed: number;
}

/** How a worker grades (homework's runTaskTests, given by the worker's entry). */
export type Grade = (service: RunnerService, task: LessonTask, language: RunLanguage, code: string, kind: GradeKind) => Promise<TestRun>;

export type RunJob =
  | { kind: 'run'; userId: string; language: RunLanguage; code: string; stdin: string; deadline: number }
  | { kind: 'interactive'; userId: string; language: RunLanguage; code: string; deadline: number }
  | { kind: 'grade'; grade: GradeKind; task: LessonTask; language: RunLanguage; code: string };

/** What a worker answers; `waitedMs` is the time the job spent in the queue (the figures). */
export type JobResult =
  | { kind: 'run'; response: RunResponse; waitedMs: number }
  | { kind: 'interactive'; waitedMs: number }
  | { kind: 'grade'; run: TestRun; waitedMs: number }
  | { kind: 'expired'; waitedMs: number };

/** Worker -> API, in order, on an interactive run's output stream. */
export type OutEvent =
  | { t: 'compiled'; compile: CompileResult | null }
  | { t: 'started' }
  | { t: 'stdout'; d: string }
  | { t: 'stderr'; d: string }
  | { t: 'notice'; message: string }
  | { t: 'exit'; run: RunResult }
  | { t: 'error'; message: string; unavailable: boolean }
  | { t: 'end' };

/** API -> worker, on a run's input stream: typed input, end of input, or stop (with the reason told). */
export type InEvent = { t: 'stdin'; d: string } | { t: 'eof' } | { t: 'kill'; reason: string | null };

export const keys = (prefix: string) => ({
  /** The job id of the student's one running program (across API instances and workers). */
  student: (userId: string) => `${prefix}:student:${userId}`,
  input: (jobId: string) => `${prefix}:io:${jobId}:in`,
  output: (jobId: string) => `${prefix}:io:${jobId}:out`,
  /** Each worker's figures (runs, runs per second, when last seen), one field per worker. */
  workers: `${prefix}:workers`,
});

/** How long a run's streams and student key live at most (an interactive run lasts up to its wall limit). */
export const IO_TTL_SECONDS = 3600;

export async function append(redis: Redis, key: string, event: InEvent | OutEvent) {
  await redis.multi().xadd(key, 'MAXLEN', '~', 10_000, '*', 'e', JSON.stringify(event)).expire(key, IO_TTL_SECONDS).exec();
}

/**
 * Reads a stream from `from` on, blocking up to `blockMs`; returns the events and the id to read from next.
 * `redis` must be a connection of its own (XREAD BLOCK holds it).
 */
export async function readStream<T>(redis: Redis, key: string, from: string, blockMs: number): Promise<{ events: T[]; next: string }> {
  const res = (await redis.xread('BLOCK', blockMs, 'STREAMS', key, from)) as [string, [string, string[]][]][] | null;
  const entries = res?.[0]?.[1] ?? [];
  const events = entries.map(([, fields]) => JSON.parse(fields[1]!) as T);
  return { events, next: entries.length ? entries[entries.length - 1]![0] : from };
}
