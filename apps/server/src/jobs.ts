import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './platform/deps.js';
import { purgeExpiredSessions } from './platform/sessions.js';
import { IntervalScheduler, type Job, type Scheduler } from './platform/scheduler.js';
import { DatabaseLease } from './platform/lease.js';

/**
 * Periodic jobs: one scheduler. Each job runs on one instance per period (a lease in the shared database),
 * however many instances run. LOG_LEVEL=debug logs each run and how long it took.
 */
export function startJobs(app: FastifyInstance, deps: AppDeps): Scheduler {
  const scheduler = new IntervalScheduler(
    (err, job) => app.log.error({ err, job }, `${job} failed`),
    new DatabaseLease(deps.db, deps.clock),
  );
  const register = (job: Job) =>
    scheduler.register({
      ...job,
      run: async () => {
        const started = performance.now();
        await job.run();
        app.log.debug({ job: job.name, ms: Math.round(performance.now() - started) }, `job ${job.name} done`);
      },
    });
  register({
    name: 'session purge',
    everyMs: 10 * 60_000,
    run: () => purgeExpiredSessions(deps.db, deps.clock.now(), deps.config.session),
  });
  // Attempts whose student left: submitted by the server at the deadline (plus the grace), on one instance.
  register({
    name: 'exam deadlines',
    everyMs: 15_000,
    run: async () => {
      const n = await app.exams.submitOverdue();
      if (n) app.log.info(`${n} exam attempt(s) submitted at their deadline`);
    },
  });
  // Homework grading left by a server that stopped (its claim ran out) is taken over within a minute.
  register({ name: 'homework resume', everyMs: 60_000, run: () => app.homeworkGrader.resume() });
  // Similar submissions: a scope whose submissions changed is compared again, abandoned comparisons taken over.
  register({ name: 'similarity refresh', everyMs: 60_000, run: () => app.similarityWorker.refresh() });
  // Chat retention: messages no one can see any more (past the students' 48 hours, cleared by every guide) and their images.
  register({
    name: 'chat retention',
    everyMs: 15 * 60_000,
    run: async () => {
      const n = await app.chat.purge();
      if (n) app.log.info(`${n} chat message(s) deleted`);
    },
  });
  scheduler.start();
  return scheduler;
}
