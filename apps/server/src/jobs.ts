import type { AppDeps } from './platform/deps.js';
import type { Log } from './platform/log.js';
import { IntervalScheduler, type Job, type Scheduler } from './platform/scheduler.js';
import { DatabaseLease } from './platform/lease.js';

/**
 * Periodic jobs (listed in compose.ts): one scheduler. Each job runs on one instance per period (a lease in
 * the shared database), however many instances run. LOG_LEVEL=debug logs each run and how long it took.
 */
export function startJobs(jobs: Job[], deps: Pick<AppDeps, 'db' | 'clock'>, log: Log): Scheduler {
  const scheduler = new IntervalScheduler(
    (err, job) => log.error(`${job} failed`, { job, err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }),
    new DatabaseLease(deps.db, deps.clock),
  );
  for (const job of jobs)
    scheduler.register({
      ...job,
      run: async () => {
        const started = performance.now();
        await job.run();
        log.debug(`job ${job.name} done`, { job: job.name, ms: Math.round(performance.now() - started) });
      },
    });
  scheduler.start();
  return scheduler;
}
