/// <reference lib="webworker" />
import type { PyodideInterface as PyodideAPI } from 'pyodide';
import { PYODIDE_RUNNER, type PyodideRunOutcome } from '@learn/shared';
import { INPUT_EMPTY, INPUT_EOF, PYTHON_OUTPUT_LIMIT, type PageToWorker, type SharedInput, type WorkerToPage } from './python-protocol';

/*
 * The in-browser Python runner: Pyodide, loaded from this origin (/pyodide/, copied there by the build) on the
 * first run and kept for later runs. Each run starts from a clean interpreter (PYODIDE_RUNNER in @learn/shared):
 * no module, logging set-up, global name, unread input or file of an earlier run carries over.
 */
declare const self: DedicatedWorkerGlobalScope;
const post = (msg: WorkerToPage) => self.postMessage(msg);

let pyodide: Promise<PyodideAPI> | undefined;

async function load(): Promise<PyodideAPI> {
  const started = performance.now();
  post({ type: 'loading' });
  const indexURL = `${self.location.origin}${import.meta.env.BASE_URL}pyodide/`;
  const { loadPyodide } = (await import(/* @vite-ignore */ `${indexURL}pyodide.mjs`)) as typeof import('pyodide');
  const py = await loadPyodide({ indexURL, fullStdLib: false });
  py.runPython(PYODIDE_RUNNER);
  post({ type: 'ready', loadMs: Math.round(performance.now() - started) });
  return py;
}

/** Output goes to the page in batches (a print loop would otherwise flood it with messages). */
class Output {
  private pending = '';
  private last = 0;
  private decoder = new TextDecoder();
  bytes = 0;
  cut = false;
  constructor(
    private readonly stream: 'stdout' | 'stderr',
    private readonly onLimit: () => void,
    private readonly shared: { total: number },
  ) {}
  write(buffer: Uint8Array): number {
    if (this.cut) return buffer.length;
    this.shared.total += buffer.length;
    if (this.shared.total > PYTHON_OUTPUT_LIMIT) {
      // The cut is said once, by the run's limit message (as on the server), not also inside the output.
      this.cut = true;
      this.flush();
      this.onLimit();
      return buffer.length;
    }
    this.pending += this.decoder.decode(buffer, { stream: true });
    if (this.pending.length > 4096 || performance.now() - this.last > 50) this.flush();
    return buffer.length;
  }
  flush() {
    this.last = performance.now();
    if (!this.pending) return;
    post({ type: this.stream, data: this.pending });
    this.pending = '';
  }
}

/** stdin for one run: the pasted text, or lines the page hands over through shared memory. */
function stdinReader(stdin: string | null, shared: SharedInput | null, flushOutput: () => void) {
  const encoder = new TextEncoder();
  let rest: Uint8Array = stdin !== null ? encoder.encode(stdin) : new Uint8Array();
  let eof = stdin !== null || !shared;
  const control = shared && new Int32Array(shared.control);
  const data = shared && new Uint8Array(shared.data);
  const interrupt = shared && new Uint8Array(shared.interrupt);
  let noted = false;
  return (buffer: Uint8Array): number => {
    if (stdin === null && !shared && !noted) {
      noted = true;
      flushOutput();
      post({ type: 'note', text: '\n[This page cannot pass typed input to Python: paste the input in the Input box and run again.]\n' });
    }
    if (!rest.length && !eof && control && data && interrupt) {
      flushOutput();
      post({ type: 'input-wanted' });
      // Wake up now and then to notice Stop even if the page's notify is missed.
      while (Atomics.load(control, 0) === INPUT_EMPTY && interrupt[0] === 0) Atomics.wait(control, 0, INPUT_EMPTY, 200);
      if (interrupt[0] !== 0 || Atomics.load(control, 0) === INPUT_EOF) eof = true;
      else {
        rest = data.slice(0, Atomics.load(control, 1));
        Atomics.store(control, 0, INPUT_EMPTY);
      }
    }
    const n = Math.min(buffer.length, rest.length);
    buffer.set(rest.subarray(0, n));
    rest = rest.subarray(n);
    return n;
  };
}

async function run(msg: Extract<PageToWorker, { type: 'run' }>) {
  const py = await (pyodide ??= load());
  const interrupt = msg.shared ? new Uint8Array(msg.shared.interrupt) : null;
  if (interrupt) {
    interrupt[0] = 0;
    py.setInterruptBuffer(interrupt);
  }
  const total = { total: 0 };
  let limitHit = false;
  const onLimit = () => {
    limitHit = true;
    if (interrupt) interrupt[0] = 2;
  };
  const out = new Output('stdout', onLimit, total);
  const err = new Output('stderr', onLimit, total);
  py.setStdout({ write: (b: Uint8Array) => out.write(b), isatty: false });
  py.setStderr({ write: (b: Uint8Array) => err.write(b), isatty: false });
  py.setStdin({ read: stdinReader(msg.stdin, msg.shared, () => (out.flush(), err.flush())), isatty: false });

  const started = performance.now();
  post({ type: 'started' });
  const runner = py.globals.get('_learn_run') as (source: string) => string;
  const result = JSON.parse(runner(msg.code)) as PyodideRunOutcome;
  out.flush();
  err.flush();
  const timeMs = Math.round(performance.now() - started);
  if (result.syntax) {
    post({
      type: 'compiled',
      compile: {
        ok: false,
        diagnostics: [{ line: result.line, column: result.column, severity: 'error', message: result.message }],
        output: result.output,
        timeMs,
        limit: null,
        limitMessage: null,
      },
    });
    return;
  }
  const stopped = result.interrupted && !limitHit;
  post({
    type: 'exit',
    stopped,
    run: {
      stdout: '',
      stderr: '',
      exitCode: result.interrupted ? null : result.status,
      signal: result.interrupted ? 'SIGINT' : null,
      timeMs,
      limit: limitHit ? 'output' : null,
      limitMessage: limitHit ? `Output cut at ${PYTHON_OUTPUT_LIMIT / 1024} KiB` : null,
      truncated: limitHit,
    },
  });
}

self.onmessage = (event: MessageEvent<PageToWorker>) => {
  const msg = event.data;
  (msg.type === 'load' ? (pyodide ??= load()) : run(msg)).catch((e: unknown) => {
    // A failed load is tried again on the next run; a loaded Pyodide is kept.
    pyodide?.catch(() => (pyodide = undefined));
    post({ type: 'error', message: `Python could not start in this browser: ${e instanceof Error ? e.message : String(e)}` });
  });
};
