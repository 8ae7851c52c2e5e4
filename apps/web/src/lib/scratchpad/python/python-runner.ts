import { INPUT_BYTES, INPUT_EMPTY, INPUT_EOF, INPUT_READY, type SharedInput, type WorkerToPage } from './python-protocol';

/** True when the page may share memory with the worker (COOP + COEP): input() and Stop work in place. */
export const canShareMemory = () => typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;

/**
 * The page's side of the Python worker. One worker lives as long as the page, so Pyodide loads once.
 * Without cross-origin isolation there is no shared memory: input comes only from the pasted box, and Stop
 * ends the worker (the next run loads Pyodide again).
 */
export class PythonRunner {
  private worker: Worker | undefined;
  private shared: SharedInput | null = null;
  private lines: Uint8Array[] = [];
  private eofQueued = false;
  private waiting = false;
  private onMessage: ((msg: WorkerToPage) => void) | undefined;
  private loaded = false;

  /** Starts loading Pyodide before the first run, so that run does not wait for it. */
  warm(): void {
    if (!this.worker && typeof Worker !== 'undefined') this.ensureWorker().postMessage({ type: 'load' });
  }

  run(code: string, stdin: string | null, onMessage: (msg: WorkerToPage) => void): void {
    this.onMessage = onMessage;
    if (typeof Worker === 'undefined') {
      onMessage({ type: 'error', message: 'Python runs in a Web Worker, which this browser does not offer.' });
      return;
    }
    this.lines = [];
    this.eofQueued = false;
    this.waiting = false;
    this.shared = canShareMemory()
      ? {
          control: new SharedArrayBuffer(8),
          data: new SharedArrayBuffer(INPUT_BYTES),
          interrupt: new SharedArrayBuffer(1),
        }
      : null;
    this.ensureWorker().postMessage({ type: 'run', code, stdin, shared: this.shared });
    if (!this.loaded) onMessage({ type: 'loading' });
  }

  /** Hands a typed line (with its newline) to input(); lines typed ahead wait their turn. */
  sendLine(line: string): void {
    const bytes = new TextEncoder().encode(line);
    for (let i = 0; i < bytes.length; i += INPUT_BYTES) this.lines.push(bytes.subarray(i, i + INPUT_BYTES));
    this.deliver();
  }

  sendEof(): void {
    this.eofQueued = true;
    this.deliver();
  }

  /** Interrupts the running program (KeyboardInterrupt), or ends the worker when memory cannot be shared. */
  stop(): void {
    if (this.shared) {
      new Uint8Array(this.shared.interrupt)[0] = 2;
      Atomics.notify(new Int32Array(this.shared.control), 0);
      return;
    }
    this.worker?.terminate();
    this.worker = undefined;
    this.loaded = false;
    this.onMessage?.({
      type: 'exit',
      stopped: true,
      run: { stdout: '', stderr: '', exitCode: null, signal: 'SIGKILL', timeMs: 0, limit: null, limitMessage: null, truncated: false },
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.onMessage = undefined;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module', name: 'python' });
    worker.onmessage = (e: MessageEvent<WorkerToPage>) => {
      if (e.data.type === 'ready') {
        this.loaded = true;
        // A log line the end-to-end test reads: how long Pyodide took to load on this machine.
        console.info(`[scratchpad] Python loaded in ${e.data.loadMs} ms`);
      }
      if (e.data.type === 'input-wanted') {
        this.waiting = true;
        this.deliver();
      }
      this.onMessage?.(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.worker = undefined;
      this.loaded = false;
      worker.terminate();
      this.onMessage?.({ type: 'error', message: `Python could not start in this browser: ${e.message || 'the worker failed to load'}` });
    };
    this.worker = worker;
    return worker;
  }

  /** Writes the next line into shared memory when the program is waiting and the slot is free. */
  private deliver(): void {
    if (!this.shared || !this.waiting) return;
    const control = new Int32Array(this.shared.control);
    if (Atomics.load(control, 0) !== INPUT_EMPTY) return;
    const next = this.lines.shift();
    if (next) {
      new Uint8Array(this.shared.data).set(next);
      Atomics.store(control, 1, next.length);
      Atomics.store(control, 0, INPUT_READY);
    } else if (this.eofQueued) Atomics.store(control, 0, INPUT_EOF);
    else return;
    this.waiting = false;
    Atomics.notify(control, 0);
  }
}
