/** A periodic job: `run` is called every `everyMs` while the scheduler runs. */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export interface Scheduler {
  register(job: Job): void;
  start(): void;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/**
 * Every periodic job goes through here, so there is one place to replace when several instances run
 * (a lease so only one instance runs each job). A run that fails is logged and the job keeps its
 * schedule; a run is skipped while the previous one of the same job is still under way.
 */
export class IntervalScheduler implements Scheduler {
  private readonly jobs: Job[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly logError: (err: unknown, job: string) => void) {}

  register(job: Job): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`A job named "${job.name}" is already registered`);
    this.jobs.push(job);
  }

  start(): void {
    for (const job of this.jobs) {
      const timer = setInterval(() => void this.runOnce(job), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs a job now (also what each tick does); resolves when it has finished or failed. */
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
