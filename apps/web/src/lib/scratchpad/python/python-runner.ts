import { RUN_LIMITS, timeLimitMessage, type RunLimitFigures, type RunResult } from '@learn/shared';
import { INPUT_BYTES, INPUT_EMPTY, INPUT_EOF, INPUT_READY, type SharedInput, type WorkerToPage } from './python-protocol';

/** True when the page may share memory with the worker (COOP + COEP): input() and Stop work in place. */
export const canShareMemory = () => typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;

/** How often the page looks at the run's clock. */
const TICK_MS = 100;
/** After a limit, how long an interrupted program may take to stop (KeyboardInterrupt can be caught) before the worker is ended. */
const KILL_GRACE_MS = 1_000;

/**
 * The page's side of the Python worker. One worker lives as long as the page, so Pyodide loads once.
 * Without cross-origin isolation there is no shared memory: input comes only from the pasted box, and Stop
 * ends the worker (the next run loads Pyodide again).
 *
 * Limits as on the server (RUN_LIMITS): the time the program runs, not counting the time it waits for a
 * typed line, stands for its CPU time; the wall clock limit is the interactive one when input is typed.
 * At a limit the program is interrupted, and ended with its worker if it does not stop within a second.
 */
export class PythonRunner {
  private worker: Worker | undefined;
  private shared: SharedInput | null = null;
  private lines: Uint8Array[] = [];
  private eofQueued = false;
  private waiting = false;
  private onMessage: ((msg: WorkerToPage) => void) | undefined;
  private loaded = false;
  private clock: { startedAt: number; usedMs: number; runningSince: number | null; interactive: boolean } | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private limitHit: { limit: 'cpu-time' | 'wall-time'; at: number; interactive: boolean } | null = null;

  constructor(private readonly limits: RunLimitFigures = RUN_LIMITS) {}

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
    this.endClock();
    this.limitHit = null;
    this.shared = canShareMemory()
      ? {
          control: new SharedArrayBuffer(8),
          data: new SharedArrayBuffer(INPUT_BYTES),
          interrupt: new SharedArrayBuffer(1),
        }
      : null;
    this.clock = { startedAt: 0, usedMs: 0, runningSince: null, interactive: stdin === null && this.shared !== null };
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
    this.limitHit = null;
    if (this.shared) {
      new Uint8Array(this.shared.interrupt)[0] = 2;
      Atomics.notify(new Int32Array(this.shared.control), 0);
      return;
    }
    this.endWorker();
    this.endClock();
    this.onMessage?.({
      type: 'exit',
      stopped: true,
      run: { stdout: '', stderr: '', exitCode: null, signal: 'SIGKILL', timeMs: 0, limit: null, limitMessage: null, truncated: false },
    });
  }

  dispose(): void {
    this.endClock();
    this.worker?.terminate();
    this.worker = undefined;
    this.onMessage = undefined;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./python.worker.ts', import.meta.url), { type: 'module', name: 'python' });
    worker.onmessage = (e: MessageEvent<WorkerToPage>) => {
      const msg = e.data;
      if (msg.type === 'ready') {
        this.loaded = true;
        // A log line the end-to-end test reads: how long Pyodide took to load on this machine.
        console.info(`[scratchpad] Python loaded in ${msg.loadMs} ms`);
      }
      if (msg.type === 'started') this.startClock();
      if (msg.type === 'input-wanted') {
        this.pauseClock();
        this.waiting = true;
        this.deliver();
      }
      if (msg.type === 'exit' || msg.type === 'compiled' || msg.type === 'error') this.endClock();
      if (msg.type === 'exit' && this.limitHit) {
        this.onMessage?.({ type: 'exit', stopped: false, run: this.limitResult(msg.run) });
        this.limitHit = null;
        return;
      }
      this.onMessage?.(msg);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.endClock();
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
    this.resumeClock();
    Atomics.notify(control, 0);
  }

  private startClock(): void {
    if (!this.clock) return;
    const now = performance.now();
    Object.assign(this.clock, { startedAt: now, usedMs: 0, runningSince: now });
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  private pauseClock(): void {
    if (this.clock?.runningSince == null) return;
    this.clock.usedMs += performance.now() - this.clock.runningSince;
    this.clock.runningSince = null;
  }

  private resumeClock(): void {
    if (this.clock && this.clock.runningSince === null) this.clock.runningSince = performance.now();
  }

  private endClock(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.clock = null;
  }

  private tick(): void {
    const clock = this.clock;
    if (!clock) return;
    const now = performance.now();
    if (this.limitHit) {
      // The program caught the interrupt, or is stuck where Python cannot notice it: end the worker.
      if (now - this.limitHit.at > KILL_GRACE_MS) this.killForLimit();
      else if (this.shared) new Uint8Array(this.shared.interrupt)[0] = 2;
      return;
    }
    const used = clock.usedMs + (clock.runningSince === null ? 0 : now - clock.runningSince);
    const wall = clock.interactive ? this.limits.interactiveWallMs : this.limits.wallMs;
    if (used > this.limits.cpuMs) this.hitLimit('cpu-time', now);
    else if (now - clock.startedAt > wall) this.hitLimit('wall-time', now);
  }

  private hitLimit(limit: 'cpu-time' | 'wall-time', now: number): void {
    this.limitHit = { limit, at: now, interactive: this.clock?.interactive ?? false };
    if (!this.shared) return this.killForLimit();
    new Uint8Array(this.shared.interrupt)[0] = 2;
    Atomics.notify(new Int32Array(this.shared.control), 0);
  }

  private killForLimit(): void {
    const timeMs = this.clock ? Math.round(performance.now() - this.clock.startedAt) : 0;
    const none: RunResult = {
      stdout: '',
      stderr: '',
      exitCode: null,
      signal: null,
      timeMs,
      limit: null,
      limitMessage: null,
      truncated: false,
    };
    const run = this.limitResult(none);
    this.endWorker();
    this.endClock();
    this.limitHit = null;
    this.onMessage?.({ type: 'exit', stopped: false, run });
  }

  /** The run as the server reports one its limits ended: SIGXCPU for CPU time, SIGKILL for the wall clock. */
  private limitResult(run: RunResult): RunResult {
    const { limit, interactive } = this.limitHit ?? { limit: 'cpu-time', interactive: false };
    return {
      ...run,
      exitCode: null,
      signal: limit === 'cpu-time' ? 'SIGXCPU' : 'SIGKILL',
      limit,
      limitMessage: timeLimitMessage(limit, this.limits, interactive),
    };
  }

  private endWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.loaded = false;
  }
}
