import type { Lease } from './lease.js';

/** A periodic job: `run` is called every `everyMs` while the scheduler runs. */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  /**
   * With a lease (several instances), how the job is shared: 'once' (default) runs it on one instance per
   * period; 'everywhere' on each (for work on the instance's own memory).
   */
  across?: 'once' | 'everywhere';
}

export interface Scheduler {
  register(job: Job): void;
  start(): void;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/**
 * Every periodic job goes through here. A run that fails is logged and the job keeps its schedule; a run
 * is skipped while the previous one of the same job is still under way. With a lease (platform/lease.ts,
 * in the shared database), a job runs on one instance per period: each tick, the instance that takes the
 * job's lease for most of a period runs it, the others skip that tick.
 */
export class IntervalScheduler implements Scheduler {
  private readonly jobs: Job[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly logError: (err: unknown, job: string) => void,
    private readonly lease?: Lease,
  ) {}

  register(job: Job): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`A job named "${job.name}" is already registered`);
    this.jobs.push(job);
  }

  start(): void {
    for (const job of this.jobs) {
      const timer = setInterval(() => void this.tick(job), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** A tick: the job runs here unless another instance holds its lease for this period. */
  async tick(job: Job): Promise<boolean> {
    if (this.lease && job.across !== 'everywhere') {
      // Held for 90 % of a period: the next tick anywhere (timers drift a little) finds it free again.
      let mine = false;
      try {
        mine = await this.lease.acquire(`job:${job.name}`, Math.floor(job.everyMs * 0.9));
      } catch (err) {
        this.logError(err, job.name);
      }
      if (!mine) return false;
    }
    await this.runOnce(job);
    return true;
  }

  /** Runs a job now, here, whatever the lease; resolves when it has finished or failed. */
  runOnce(job: Job): Promise<void> {
    const under = this.running.get(job.name);
    if (under) return under;
    const run = job
      .run()
      .catch((err: unknown) => this.logError(err, job.name))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  async stop(): Promise<void> {
    this.timers.splice(0).forEach(clearInterval);
    await Promise.all(this.running.values());
  }
}
