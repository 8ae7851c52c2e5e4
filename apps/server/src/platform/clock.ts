/** The server's notion of time. Injected so tests can move it; the client's clock is never trusted. */
export interface Clock {
  now(): Date;
  /** The same instant in milliseconds, without making a Date (asked on every request). */
  nowMs(): number;
}

export const systemClock: Clock = { now: () => new Date(), nowMs: () => Date.now() };

/** A clock tests can move forward. */
export class ManualClock implements Clock {
  constructor(private current = new Date('2026-01-05T09:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  nowMs() {
    return this.current.getTime();
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
