import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../platform/deps.js';
import { DomainError } from '../../platform/errors.js';
import { proposedLetter } from '@learn/shared';
import type { RunnerService } from '../runner/service.js';
import { assignmentFor, findSubmission } from './repository.js';
import { claimSubmission, releaseClaims, renewClaim, saveResults, setStatus, unfinishedIds } from './grading-repository.js';
import { failedOutcomes, runTaskTests } from './grading.js';

/**
 * Background autograding: submissions wait as 'queued' rows in the database (so nothing is lost when the
 * server stops), are graded a few at a time through the runner's grading lane, and their results stored.
 * On start (and every minute from the scheduler), resume() picks up every queued row and every row a
 * stopped server left 'running'. Several servers may share one database: each row is graded under a claim
 * (an atomic UPDATE, see claimSubmission) that lasts CLAIM_MS and is renewed while the tests run, so two
 * instances never grade the same submission and a crashed instance's rows are taken over once it runs out.
 */
export const CLAIM_MS = 2 * 60_000;

export class HomeworkGrader {
  /** This instance's name on the claims it holds. */
  readonly owner = randomUUID();
  /** Submissions this instance ran the tests of (each one claimed first). */
  graded = 0;
  private readonly waiting: number[] = [];
  private readonly known = new Set<number>();
  private readonly active = new Set<Promise<void>>();
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly deps: AppDeps,
    private readonly runner: RunnerService,
    private readonly onError: (err: unknown, id: number) => void,
  ) {}

  /** Submissions waiting for the grader plus those being graded (the benchmark watches it stay bounded). */
  get backlog(): { waiting: number; grading: number } {
    return { waiting: this.waiting.length, grading: this.active.size };
  }

  async resume(): Promise<void> {
    (await unfinishedIds(this.deps.db, this.deps.clock.now())).forEach((id) => this.enqueue(id));
  }

  enqueue(id: number) {
    if (this.stopped || this.known.has(id)) return;
    this.known.add(id);
    this.waiting.push(id);
    this.pump();
  }

  /** Settles when nothing is waiting or being graded (tests and shutdown). */
  idle(): Promise<void> {
    if (this.known.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop() {
    this.stopped = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.active]);
    await releaseClaims(this.deps.db, this.owner);
  }

  private pump() {
    while (!this.stopped && this.waiting.length > 0 && this.active.size < Math.max(1, this.runner.lanes.grading.concurrency)) {
      const id = this.waiting.shift()!;
      const job: Promise<void> = this.grade(id)
        .catch((err: unknown) => this.onError(err, id))
        .finally(() => {
          this.active.delete(job);
          this.known.delete(id);
          if (this.known.size === 0) this.idleWaiters.splice(0).forEach((r) => r());
          this.pump();
        });
      this.active.add(job);
    }
  }

  private async grade(id: number) {
    const { db, pubsub, clock } = this.deps;
    const row = await findSubmission(db, id);
    if (!row || (row.autograde_status !== 'queued' && row.autograde_status !== 'running')) return;
    const task = (await assignmentFor(db, row.lecture_id))?.tasks[row.task_index];
    const tests = task?.tests ?? [];
    const until = () => new Date(clock.now().getTime() + CLAIM_MS);
    if (!(await claimSubmission(db, id, this.owner, clock.now(), until()))) return; // another instance grades it
    if (!task || task.autograde === false || tests.length === 0) return setStatus(db, id, 'none');
    // No runner worker alive (REDIS_URL): the submission waits as queued; resume() tries again each minute.
    const status = await this.runner.sandboxStatus();
    if (status.retryLater) return setStatus(db, id, 'queued');
    this.graded++;
    const renew = setInterval(() => void renewClaim(db, id, this.owner, until()).catch(() => {}), CLAIM_MS / 4);
    renew.unref();
    try {
      let saved: boolean;
      if (!status.available) {
        const error = status.reason ?? 'Code running is unavailable';
        const results = failedOutcomes(tests, error);
        saved = await saveResults(db, id, this.owner, { status: 'error', results, proposed: null, passed: 0, total: tests.length });
      } else {
        const run = await runTaskTests(this.runner, task, row.language, row.code).catch((err: unknown) => {
          // The last worker went while the job waited (503): back to queued, as above.
          if (err instanceof DomainError && err.status === 503) return null;
          throw err;
        });
        if (!run) return setStatus(db, id, 'queued');
        if (this.stopped) return; // stop() hands the claim back as queued: the next start grades it again
        saved = await saveResults(db, id, this.owner, {
          status: 'done',
          results: run.tests,
          proposed: proposedLetter(run.passed, tests.length),
          passed: run.passed,
          total: tests.length,
        });
      }
      if (saved)
        await pubsub.publish({ type: 'homework.autograded', studentId: row.student_id, submissionId: id, courseId: row.course_id });
    } finally {
      clearInterval(renew);
    }
  }
}
