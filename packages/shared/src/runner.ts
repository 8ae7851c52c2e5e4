import { z } from 'zod';

/**
 * The code runner's contract (issue 12): `POST /api/run` for a whole run with its stdin pasted in one
 * go, and the `/api/run/ws` WebSocket for a run whose input is typed while it runs.
 */
export const RUN_LANGUAGES = ['c', 'cpp', 'python'] as const;
export type RunLanguage = (typeof RUN_LANGUAGES)[number];

/** Source code and stdin are capped at 64 KiB each (in UTF-8 bytes); more is refused with 400. */
export const MAX_CODE_BYTES = 64 * 1024;
export const MAX_STDIN_BYTES = 64 * 1024;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

export const runRequestSchema = z.object({
  language: z.enum(RUN_LANGUAGES),
  code: z
    .string()
    .refine((s) => s.trim().length > 0, 'Write some code to run.')
    .refine((s) => byteLength(s) <= MAX_CODE_BYTES, 'Code is longer than 64 KiB.'),
  stdin: z
    .string()
    .refine((s) => byteLength(s) <= MAX_STDIN_BYTES, 'Input is longer than 64 KiB.')
    .default(''),
});
export type RunRequest = z.input<typeof runRequestSchema>;

/** One compiler message, with the position in the learner's file (1-based). */
export interface Diagnostic {
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'note';
  message: string;
}

/** Which limit stopped a run, if any. */
export type RunLimit = 'cpu-time' | 'wall-time' | 'memory' | 'output' | 'processes' | 'file-size';

export interface CompileResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** The compiler's whole text output (already relative to the learner's file name). */
  output: string;
  timeMs: number;
  /** Set when the compiler itself hit a limit (compile time, output). */
  limit: RunLimit | null;
  limitMessage: string | null;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** e.g. 'SIGKILL', 'SIGSEGV' when the program was ended by a signal. */
  signal: string | null;
  timeMs: number;
  limit: RunLimit | null;
  /** Words a beginner understands: 'Time limit exceeded (5 s)', 'Memory limit exceeded', 'Output cut at 64 KiB'. */
  limitMessage: string | null;
  /** Output was cut at the output limit (the limit message says so). */
  truncated: boolean;
  /** What the whole run held (all its processes), where the server accounts runs in a cgroup. */
  usage?: { cpuMs: number; memoryPeakBytes: number | null };
}

export type RunResponse =
  | {
      available: true;
      language: RunLanguage;
      /** null for Python (no separate compile step). */
      compile: CompileResult | null;
      /** null when compilation failed. */
      run: RunResult | null;
    }
  | {
      available: false;
      /** Why code running is unavailable on this server (e.g. bubblewrap is not installed). */
      reason: string;
    };

/**
 * Messages a client sends on `/api/run/ws`, validated one by one: anything else gets an error frame and the
 * socket stays up. A stdin frame carries at most 64 KiB, as a whole run's input does.
 */
export const runClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), language: runRequestSchema.shape.language, code: runRequestSchema.shape.code }).strict(),
  z.object({ type: z.literal('stdin'), data: runRequestSchema.shape.stdin.unwrap() }).strict(),
  z.object({ type: z.literal('eof') }).strict(),
  z.object({ type: z.literal('kill') }).strict(),
]);
export type RunClientMessage = z.infer<typeof runClientMessageSchema>;

/** GET /api/run/status: whether this server runs code (C, C++ and graded Python), and why not. */
export interface RunStatusResponse {
  available: boolean;
  reason: string | null;
}

/** Messages the server sends on `/api/run/ws`. */
export type RunServerMessage =
  | { type: 'queued'; position: number }
  | { type: 'compiled'; compile: CompileResult | null }
  | { type: 'started' }
  | { type: 'stdout'; data: string }
  | { type: 'stderr'; data: string }
  | { type: 'exit'; run: RunResult }
  | { type: 'error'; message: string; unavailable?: boolean }
  /** Something the learner should know that does not end the run (input refused until the program reads). */
  | { type: 'notice'; message: string };

/** A crash signal in plain words, with its usual cause in a beginner's program. */
export const SIGNAL_WORDS: Record<string, { name: string; cause: string }> = {
  SIGSEGV: {
    name: 'Segmentation fault',
    cause: 'it used memory it does not own, often an index out of range, a bad or NULL pointer, or recursion that never ends',
  },
  SIGFPE: { name: 'Arithmetic error', cause: 'usually an integer division or remainder by zero' },
  SIGABRT: {
    name: 'Aborted',
    cause: 'the program stopped itself, often a failed assert or a memory error the C library caught (a double free)',
  },
  SIGBUS: { name: 'Bus error', cause: 'a bad memory access, often through a corrupted pointer' },
  SIGILL: { name: 'Illegal instruction', cause: 'often a function that ends without returning the value it promised' },
  SIGKILL: { name: 'Killed', cause: 'the program was stopped from outside' },
  SIGPIPE: { name: 'Broken pipe', cause: 'it wrote to an output that was already closed' },
  SIGTRAP: { name: 'Trap', cause: 'often a built-in check such as __builtin_trap() failed' },
};

/** "The program crashed: Segmentation fault (SIGSEGV): it used memory it does not own, ..." */
export function crashMessage(signal: string): string {
  const w = SIGNAL_WORDS[signal];
  return w ? `The program crashed: ${w.name} (${signal}): ${w.cause}.` : `The program was ended by signal ${signal}.`;
}
