/** The queue is full: the caller answers 429 with Retry-After. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The code runner is busy right now. Try again in a few seconds.');
  }
}

interface Waiter {
  grant: () => void;
  onPosition?: (position: number) => void;
}

/**
 * At most `concurrency` runs at once; at most `length` more wait, in order, and each waiter hears its
 * position as it moves up. Beyond that, QueueFullError at once (never an unbounded pile of waiting runs).
 */
export class RunQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private averageMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly length: number,
  ) {}

  get running() {
    return this.active;
  }
  get queued() {
    return this.waiting.length;
  }

  /** Resolves with a release function once a slot is free; `cancelled` ends the wait early. */
  async acquire(onPosition?: (position: number) => void, cancelled?: AbortSignal): Promise<() => void> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.length) {
        const seconds = Math.ceil(((this.waiting.length / this.concurrency + 1) * this.averageMs) / 1000);
        throw new QueueFullError(Math.max(1, seconds));
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { grant: resolve, onPosition };
        this.waiting.push(waiter);
        onPosition?.(this.waiting.length);
        cancelled?.addEventListener('abort', () => {
          const i = this.waiting.indexOf(waiter);
          if (i < 0) return;
          this.waiting.splice(i, 1);
          this.announce();
          reject(new Error('cancelled'));
        });
      });
    } else this.active++;
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      const next = this.waiting.shift();
      if (next) {
        next.grant(); // the slot passes straight to the next run
        this.announce();
      } else this.active--;
    };
  }

  private announce() {
    this.waiting.forEach((w, i) => w.onPosition?.(i + 1));
  }
}
