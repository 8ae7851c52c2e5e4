import { createHash, randomUUID } from 'node:crypto';
import { parseScopeKey, SIMILARITY_MIN_THRESHOLD } from '@learn/shared';
import { courses } from '@learn/content';
import type { AppDeps } from '../../platform/deps.js';
import { comparePrograms, ENGINE } from './engine.js';
import type { Compare } from './queued-job.js';
import { scopeInputs, type ScopeInputs } from './inputs-repository.js';
import { allRuns, claimRun, releaseRuns, requestRun, saveFailure, saveResults, setProgress } from './repository.js';

class StoppedError extends Error {}

/** How long a claim on a run lasts without progress before another instance may take it over. */
export const RUN_CLAIM_MS = 2 * 60_000;

export const courseLanguage = (courseId: string): ScopeInputs['language'] => courses.find((c) => c.id === courseId)?.language ?? 'python';

/**
 * What a comparison compared: the programs (by id: a new submission is a new id), the code left out, and
 * how (ENGINE: a comparison made by an earlier engine is out of date and is redone like a changed one).
 */
export function signatureOf(inputs: ScopeInputs): string {
  const what = JSON.stringify([ENGINE, inputs.language, inputs.programs.map((p) => p.ref), inputs.given]);
  return createHash('sha256').update(what).digest('hex');
}

/**
 * Comparisons run in the background, in this process, one at a time (each is CPU work: a second at once
 * would only slow both). A request is a row in similarity_runs (state kept in the database, so a restart
 * or another instance picks it up); the run is taken under a claim (an atomic UPDATE) renewed with each
 * progress step, the way homework grading claims its rows (homework/grader.ts). Every minute the scheduler
 * calls refresh(): a scope whose submissions changed since its last comparison is compared again.
 */
export class SimilarityWorker {
  readonly owner = randomUUID();
  /** Comparisons this instance finished (tests and the benchmark read it). */
  finished = 0;
  private readonly waiting: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly deps: AppDeps,
    private readonly onError: (err: unknown, scope: string) => void,
    /** Where the comparison runs: here (comparePrograms), or on a worker (queued-job.ts, with REDIS_URL). */
    private readonly compare: Compare = comparePrograms,
  ) {}

  /** Asks for a comparison of the scope now (a new row or one set back to queued) and starts it here. */
  async request(scope: string, courseId: string): Promise<void> {
    await requestRun(this.deps.db, scope, courseId, this.deps.clock.now());
    this.enqueue(scope);
  }

  /** Queued and abandoned runs are taken; finished ones whose submissions changed are asked for again. */
  async refresh(): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    for (const run of await allRuns(this.deps.db)) {
      if (run.status === 'queued' || (run.status === 'running' && (!run.claimed_until || run.claimed_until < now))) {
        this.enqueue(run.scope);
        continue;
      }
      if (run.status === 'running') continue;
      const scope = parseScopeKey(run.scope);
      const inputs = scope && (await scopeInputs(this.deps.db, scope, courseLanguage));
      if (inputs && signatureOf(inputs) !== run.signature) await this.request(run.scope, inputs.courseId);
    }
  }

  enqueue(scope: string) {
    if (this.stopped || this.waiting.includes(scope)) return;
    this.waiting.push(scope);
    this.pump();
  }

  /** Settles when nothing is waiting or running here. */
  idle(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop() {
    this.stopped = true;
    this.waiting.length = 0;
    await this.running;
    await releaseRuns(this.deps.db, this.owner);
  }

  private pump() {
    if (this.running || this.stopped) return;
    const scope = this.waiting.shift();
    if (scope === undefined) {
      this.idleWaiters.splice(0).forEach((r) => r());
      return;
    }
    this.running = this.run(scope)
      .catch((err: unknown) => this.onError(err, scope))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }

  private async run(key: string) {
    const { db, clock } = this.deps;
    const until = () => new Date(clock.now().getTime() + RUN_CLAIM_MS);
    if (!(await claimRun(db, key, this.owner, clock.now(), until()))) return; // done, or another instance runs it
    const scope = parseScopeKey(key);
    const inputs = scope && (await scopeInputs(db, scope, courseLanguage));
    if (!inputs) return saveFailure(db, key, this.owner, 'This task or question no longer exists.', clock.now());
    let lastWrite = 0;
    try {
      const { pairs: found, suggested } = await this.compare(
        inputs.language,
        inputs.programs.map((p) => ({ key: p.ref, code: p.code })),
        inputs.given,
        SIMILARITY_MIN_THRESHOLD,
        async (done, total) => {
          // A server shutting down stops here: stop() hands the run back as queued for the next start.
          if (this.stopped) throw new StoppedError();
          // At most four writes a second: enough for the page's progress, light on the database.
          if (done < total && Date.now() - lastWrite < 250) return;
          lastWrite = Date.now();
          await setProgress(db, key, this.owner, done, total, until());
        },
      );
      if (this.stopped) return; // stop() hands the run back as queued
      const student = new Map(inputs.programs.map((p) => [p.ref, p.studentId]));
      const pairs = found.map((p) => {
        // Students in id order, so a review mark (kept per pair of students) finds its pair again.
        const [a, b] = student.get(p.left)! < student.get(p.right)! ? [p.left, p.right] : [p.right, p.left];
        return {
          left_student: student.get(a)!,
          right_student: student.get(b)!,
          left_ref: a,
          right_ref: b,
          similarity: p.similarity,
          longest: p.longest,
          longest_share: p.longestShare,
        };
      });
      const saved = await saveResults(db, key, this.owner, {
        signature: signatureOf(inputs),
        submissions: inputs.programs.length,
        finishedAt: clock.now(),
        suggested,
        pairs,
      });
      if (saved) this.finished++;
    } catch (err) {
      if (err instanceof StoppedError) return;
      await saveFailure(
        db,
        key,
        this.owner,
        'The comparison failed; it is tried again with the next submission or with "Compare again".',
        clock.now(),
        signatureOf(inputs),
      );
      throw err;
    }
  }
}
