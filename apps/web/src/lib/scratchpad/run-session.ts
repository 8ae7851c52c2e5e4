import type { CompileResult, RunLanguage, RunResponse, RunResult, RunServerMessage } from '@learn/shared';

/** One piece of the output console: program output, an echoed input line, or a note from the runner. */
export interface Chunk {
  stream: 'stdout' | 'stderr' | 'stdin' | 'info';
  text: string;
}

export type RunStatus =
  'idle' | 'connecting' | 'loading' | 'queued' | 'compiling' | 'running' | 'finished' | 'stopped' | 'failed' | 'unavailable';

export interface RunState {
  status: RunStatus;
  /** Input is typed while the program runs (not pasted in one go). */
  interactive: boolean;
  queuePosition: number | null;
  output: Chunk[];
  compile: CompileResult | null;
  run: RunResult | null;
  /** Why the run failed or why running is unavailable, in the user's words. */
  message: string | null;
  stopRequested: boolean;
  /** The program waits for a line of input (known for Python; C/C++ programs read whenever they like). */
  waitingForInput: boolean;
  /** The language of the run (Python runs in the browser: it says when it waits, and has no compile step). */
  language: RunLanguage | null;
}

export type RunEvent =
  | RunServerMessage
  | { type: 'begin'; interactive: boolean; connecting: boolean; language?: RunLanguage }
  | { type: 'loading' }
  | { type: 'input-wanted' }
  | { type: 'echo'; data: string }
  | { type: 'eof-sent' }
  | { type: 'note'; text: string }
  | { type: 'stop-requested' }
  | { type: 'stopped'; run: RunResult }
  | { type: 'response'; response: RunResponse }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

export const initialRunState: RunState = {
  status: 'idle',
  interactive: false,
  queuePosition: null,
  output: [],
  compile: null,
  run: null,
  message: null,
  stopRequested: false,
  waitingForInput: false,
  language: null,
};

/** The console keeps at most this much text; the runners cut output at 64 KiB long before. */
const MAX_CONSOLE_CHARS = 256 * 1024;

export const isActive = (s: RunState) => ['connecting', 'loading', 'queued', 'compiling', 'running'].includes(s.status);

export const unavailableMessage = (reason: string) => `Code running is unavailable on this server: ${reason}`;

function append(output: Chunk[], stream: Chunk['stream'], text: string): Chunk[] {
  if (!text) return output;
  const size = output.reduce((n, c) => n + c.text.length, 0);
  if (size >= MAX_CONSOLE_CHARS) return output;
  const piece = text.slice(0, MAX_CONSOLE_CHARS - size);
  const last = output[output.length - 1];
  // Consecutive output of one stream stays one chunk, so a long run does not make thousands of nodes.
  if (last && last.stream === stream && stream !== 'stdin') return [...output.slice(0, -1), { stream, text: last.text + piece }];
  return [...output, { stream, text: piece }];
}

function finish(state: RunState, run: RunResult): RunState {
  const streamed = state.output.some((c) => c.stream === 'stdout' || c.stream === 'stderr');
  let output = state.output;
  // A whole-run answer carries the output in the result; a streamed run has already shown it.
  if (!streamed) output = append(append(output, 'stdout', run.stdout), 'stderr', run.stderr);
  const stopped = state.stopRequested && run.limit === null;
  return { ...state, status: stopped ? 'stopped' : 'finished', output, run, waitingForInput: false, queuePosition: null };
}

/** The console's state through one run: the `/api/run/ws` protocol, a `POST /api/run` answer, or the Python worker. */
export function runReducer(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'begin':
      return {
        ...initialRunState,
        status: event.connecting ? 'connecting' : 'running',
        interactive: event.interactive,
        language: event.language ?? null,
      };
    case 'loading':
      return { ...state, status: 'loading' };
    case 'queued':
      return { ...state, status: 'queued', queuePosition: event.position };
    case 'compiled':
      if (!event.compile) return { ...state, status: 'running' };
      if (event.compile.ok) return { ...state, status: 'running', compile: event.compile, queuePosition: null };
      return { ...state, status: 'finished', compile: event.compile, queuePosition: null, waitingForInput: false };
    case 'started':
      return { ...state, status: 'running', queuePosition: null };
    case 'stdout':
    case 'stderr':
      return { ...state, output: append(state.output, event.type, event.data) };
    case 'input-wanted':
      return { ...state, waitingForInput: true };
    case 'echo':
      return { ...state, output: append(state.output, 'stdin', event.data), waitingForInput: false };
    case 'eof-sent':
      return { ...state, output: append(state.output, 'info', '[end of input]\n'), waitingForInput: false };
    case 'note':
      return { ...state, output: append(state.output, 'info', event.text) };
    case 'notice':
      return { ...state, output: append(state.output, 'info', `[${event.message}]\n`) };
    case 'stop-requested':
      return { ...state, stopRequested: true };
    case 'exit':
      return finish(state, event.run);
    case 'stopped':
      return finish({ ...state, stopRequested: true }, event.run);
    case 'response': {
      const r = event.response;
      if (!r.available) return { ...state, status: 'unavailable', message: unavailableMessage(r.reason) };
      const compiled = runReducer(state, { type: 'compiled', compile: r.compile });
      return r.run ? finish(compiled, r.run) : { ...compiled, status: 'finished' };
    }
    case 'error':
      if (event.unavailable) return { ...state, status: 'unavailable', message: unavailableMessage(event.message), waitingForInput: false };
      return { ...state, status: 'failed', message: event.message, waitingForInput: false };
    case 'failed':
      return { ...state, status: 'failed', message: event.message, waitingForInput: false };
    case 'closed':
      if (!isActive(state)) return state;
      return {
        ...state,
        status: 'failed',
        message: 'The connection to the runner closed before the program finished. Run it again.',
        waitingForInput: false,
      };
  }
}
