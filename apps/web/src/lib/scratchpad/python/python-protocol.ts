import { RUN_LIMITS, type CompileResult, type RunResult } from '@learn/shared';

/**
 * Messages between the page and the Python worker. Input and Stop travel through shared memory when the page
 * is cross-origin isolated: the worker blocks on `Atomics.wait` while input() waits for a line, and Pyodide
 * polls the interrupt buffer between bytecodes, so Stop ends even `while True: pass`.
 */
export type PageToWorker =
  /** Load Pyodide ahead of the first run (the panel opened in Python). */
  | { type: 'load' }
  | {
      type: 'run';
      code: string;
      /** Input pasted in one go; null when it is typed while the program runs. */
      stdin: string | null;
      shared: SharedInput | null;
    };

export interface SharedInput {
  /** Int32Array over: [0] state (INPUT_EMPTY / INPUT_READY / INPUT_EOF), [1] byte length of the line. */
  control: SharedArrayBuffer;
  /** The bytes of one line of input. */
  data: SharedArrayBuffer;
  /** Pyodide's interrupt buffer: the page writes 2 (SIGINT) to stop the program. */
  interrupt: SharedArrayBuffer;
}

export const INPUT_EMPTY = 0;
export const INPUT_READY = 1;
export const INPUT_EOF = 2;
export const INPUT_BYTES = 64 * 1024;
/** Output beyond this ends the program, as on the server ("Output cut at 64 KiB"). */
export const PYTHON_OUTPUT_LIMIT = RUN_LIMITS.outputBytes;

export type WorkerToPage =
  | { type: 'loading' }
  | { type: 'ready'; loadMs: number }
  | { type: 'compiled'; compile: CompileResult }
  | { type: 'started' }
  | { type: 'stdout'; data: string }
  | { type: 'stderr'; data: string }
  /** The program is waiting in input() for a line. */
  | { type: 'input-wanted' }
  /** A word from the runner for the console (not program output). */
  | { type: 'note'; text: string }
  | { type: 'exit'; run: RunResult; stopped: boolean }
  | { type: 'error'; message: string };
