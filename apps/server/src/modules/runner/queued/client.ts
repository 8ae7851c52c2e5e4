import { createHash, randomUUID } from 'node:crypto';
import type { LessonTask } from '@learn/content';
import type { RunLanguage, RunResponse } from '@learn/shared';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { RunnerConfig } from '../../../config.js';
import { DomainError, tooManyRequestsError } from '../../../platform/errors.js';
import { REPLACED_MESSAGE, type InteractiveEvents, type InteractiveRun } from '../run-types.js';
import { append, INTERACTIVE_QUEUE, IO_TTL_SECONDS, keys, PRIORITY, RUNS_QUEUE, type GradeKind } from './jobs.js';
import type { JobResult, RunJob, TestRun } from './jobs.js';
import { BUSY_MESSAGE, relayOutput } from './relay.js';
import { liveWorkers, NO_WORKER_MESSAGE, sandboxOf, waitFigures, type QueueStats, type WorkerFigures } from './figures.js';

export interface QueueOptions {
  redisUrl: string;
  prefix: string;
  /** A run not started within this time is dropped (the student hears 429 with Retry-After). */
  deadlineMs: number;
  /** Runs waiting per live worker slot before new ones are refused with 429. */
  queueLength: number;
  /** The longest a run may take once started (compile + wall limits): how long the API waits for it. */
  runMs: number;
  interactiveMs: number;
}

const GONE_MESSAGE = 'Stopped: the page that asked for this run has gone.';
/** How often a grading job waiting for a worker checks that one is still alive. */
const GRADE_WATCH_MS = 15_000;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * The API side of the run queue (REDIS_URL): each run is a BullMQ job done by a runner worker
 * (`npm run worker`). One running program per student across instances: a Redis key holds the student's
 * current job; a new run takes the key and tells the one before to stop. Interactive input and output travel
 * on two Redis streams per run, in order.
 */
export class QueuedRuns {
  private readonly redis: Redis;
  private readonly runs: Queue;
  private readonly interactive: Queue;
  private readonly events: QueueEvents;
  private readonly k: ReturnType<typeof keys>;
  private readonly waits: number[] = [];
  private readonly readers = new Set<Redis>();

  constructor(private readonly opts: QueueOptions) {
    const connection = () => ({ url: opts.redisUrl, maxRetriesPerRequest: null });
    this.redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1 });
    this.redis.on('error', () => {}); // health says when Redis is gone
    this.runs = new Queue(RUNS_QUEUE, { connection: connection(), prefix: opts.prefix });
    this.interactive = new Queue(INTERACTIVE_QUEUE, { connection: connection(), prefix: opts.prefix });
    this.events = new QueueEvents(RUNS_QUEUE, { connection: connection(), prefix: opts.prefix });
    this.runs.on('error', () => {});
    this.interactive.on('error', () => {});
    this.events.on('error', () => {});
    this.k = keys(opts.prefix);
  }

  /** Ready to wait for results (QueueEvents listens before the first job is added). */
  async ready(): Promise<void> {
    await Promise.all([this.runs.waitUntilReady(), this.interactive.waitUntilReady(), this.events.waitUntilReady()]);
  }

  /** 429 with Retry-After when more runs wait than the live workers can take soon. */
  private async admit(queue: Queue) {
    const [counts, workers] = await Promise.all([queue.getJobCounts('waiting', 'prioritized'), this.workers()]);
    if (workers.length === 0) throw noWorker();
    const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
    const slots = Math.max(
      1,
      workers.reduce((n, w) => n + w.concurrency, 0),
    );
    if (waiting >= this.opts.queueLength * slots) throw this.busy(waiting, workers);
  }

  private busy(waiting: number, workers: WorkerFigures[]) {
    const rate = workers.reduce((n, w) => n + w.runsPerSecond, 0);
    const seconds = rate > 0 ? Math.ceil(waiting / rate) : 5;
    return tooManyRequestsError(BUSY_MESSAGE, Math.min(60, Math.max(1, seconds)));
  }

  /** The student's one running program: the job before (if any) is told to stop. */
  private async claim(userId: string, jobId: string) {
    const old = await this.redis.set(this.k.student(userId), jobId, 'EX', IO_TTL_SECONDS, 'GET');
    if (old && old !== jobId) await append(this.redis, this.k.input(old), { t: 'kill', reason: REPLACED_MESSAGE });
  }

  private async release(userId: string, jobId: string) {
    await this.redis.eval(RELEASE, 1, this.k.student(userId), jobId).catch(() => {});
  }

  private noteWait(ms: number) {
    this.waits.push(ms);
    if (this.waits.length > 200) this.waits.shift();
  }

  /** POST /api/run through a worker. */
  async run(userId: string, req: { language: RunLanguage; code: string; stdin: string }, gone?: AbortSignal): Promise<RunResponse> {
    await this.admit(this.runs);
    const jobId = randomUUID();
    await this.claim(userId, jobId);
    // The student has gone (request closed): the worker drops the run, or stops it if it has started.
    const leave = () => void append(this.redis, this.k.input(jobId), { t: 'kill', reason: GONE_MESSAGE }).catch(() => {});
    gone?.addEventListener('abort', leave);
    try {
      const data: RunJob = { kind: 'run', userId, ...req, deadline: Date.now() + this.opts.deadlineMs };
      const job = await this.runs.add('run', data, { jobId, priority: PRIORITY.scratch, ...retention });
      const result = await this.finished(job, this.opts);
      if (result.kind === 'expired') throw this.busy(await this.runs.getWaitingCount(), await this.workers());
      if (result.kind !== 'run') throw new Error(`unexpected result ${result.kind}`);
      return result.response;
    } finally {
      gone?.removeEventListener('abort', leave);
      await this.release(userId, jobId);
    }
  }

  /**
   * Homework checks, homework grading and exam tests through a worker, taken by priority. The job's id is the
   * hash of what it grades, so the same grading asked twice at once (two API instances resuming the same
   * submission, a grader taking over a claim that ran out) is one job, run once, whose one result both
   * waiters read; a retried job (its worker killed) keeps that id. Grading (a submission, an exam answer) is
   * never refused while a worker lives. A student's own check (`waiting`: someone waits at the page) has the
   * runs' deadline: one no worker has started by then is dropped and answers 429 with Retry-After, rather
   * than leaving the page waiting minutes behind a queue that cannot keep up.
   */
  async grade(kind: GradeKind, task: LessonTask, language: RunLanguage, code: string, waiting = false): Promise<TestRun> {
    const data: RunJob = { kind: 'grade', grade: kind, task, language, code };
    const jobId = `${kind}-${createHash('sha256').update(JSON.stringify(data)).digest('hex')}`;
    if ((await this.workers()).length === 0) throw noWorker();
    // A job of that id that failed before (kept an hour for the figures) would answer at once with its failure.
    const before = await this.runs.getJob(jobId);
    if (before && (await before.isFailed())) await before.remove().catch(() => {});
    const job = await this.runs.add(kind, data, { jobId, priority: PRIORITY[kind], attempts: 3, ...retention });
    const result = waiting ? await this.checkResult(job) : await this.gradeResult(job);
    if (result.kind !== 'grade') throw new Error(`unexpected result ${result.kind}`);
    return result.run;
  }

  /** A student's check: dropped (429) when no worker has started it within the deadline; else its result. */
  private async checkResult(job: Job): Promise<JobResult> {
    try {
      const result = (await job.waitUntilFinished(this.events, this.opts.deadlineMs)) as JobResult;
      this.noteWait(result.waitedMs);
      return result;
    } catch (err) {
      if (!/timed out/i.test((err as Error).message)) throw err;
      // Still waiting: removed (one a worker holds is locked, and removing it fails). Gone already: the same
      // check asked twice at once, and the other waiter dropped it.
      const dropped = await job.remove().then(
        () => true,
        async () => !(await this.runs.getJob(job.id!)),
      );
      if (dropped) throw this.busy(await this.runs.getWaitingCount(), await this.workers());
      return this.gradeResult(job);
    }
  }

  /**
   * A grading job's result, however long the queue: but should every worker go while it still waits, it is
   * taken back and the caller hears so (503) instead of waiting for a worker that may never come.
   */
  private async gradeResult(job: Job): Promise<JobResult> {
    for (;;) {
      try {
        return await this.finished(job, undefined, GRADE_WATCH_MS);
      } catch (err) {
        if (!/timed out/i.test((err as Error).message)) throw err;
        if ((await this.workers()).length > 0) continue;
        const dropped = await job.remove().then(
          () => true,
          () => false,
        );
        if (dropped) throw noWorker();
      }
    }
  }

  /**
   * The job's result. With `deadline`: a job no worker has taken by then is dropped (429 with Retry-After);
   * one taken is waited for up to `runMs` more.
   */
  private async finished(job: Job, deadline?: { deadlineMs: number; runMs: number }, watchMs?: number): Promise<JobResult> {
    const timedOut = (err: Error) => /timed out/i.test(err.message);
    let result: JobResult;
    if (!deadline) result = (await job.waitUntilFinished(this.events, watchMs)) as JobResult;
    else
      try {
        result = (await job.waitUntilFinished(this.events, deadline.deadlineMs)) as JobResult;
      } catch (err) {
        if (!timedOut(err as Error)) throw err;
        // Still waiting: removed (a job a worker holds is locked, and removing it fails).
        const dropped = await job.remove().then(
          () => true,
          () => false,
        );
        if (dropped) throw this.busy(await this.runs.getWaitingCount(), await this.workers());
        result = (await job.waitUntilFinished(this.events, deadline.runMs).catch(async (e: Error) => {
          if (timedOut(e)) throw this.busy(await this.runs.getWaitingCount(), await this.workers());
          throw e;
        })) as JobResult;
      }
    this.noteWait(result.waitedMs);
    return result;
  }

  /** /api/run/ws through a worker: the socket stays here; input and output travel on Redis streams. */
  startInteractive(userId: string, req: { language: RunLanguage; code: string }, on: InteractiveEvents): InteractiveRun {
    const jobId = randomUUID();
    const input = this.k.input(jobId);
    let killed = false;
    const send = (e: Parameters<typeof append>[2]) => void append(this.redis, input, e).catch(() => {});
    const done = (async () => {
      try {
        await this.admit(this.interactive);
      } catch (err) {
        return on.error((err as Error).message, false);
      }
      await this.claim(userId, jobId);
      const reader = this.redis.duplicate();
      reader.on('error', () => {});
      this.readers.add(reader);
      try {
        const data: RunJob = { kind: 'interactive', userId, ...req, deadline: Date.now() + this.opts.deadlineMs };
        await this.interactive.add('interactive', data, { jobId, ...retention });
        on.queued(1);
        await relayOutput(reader, this.k.output(jobId), on, {
          killed: () => killed,
          startMs: this.opts.deadlineMs + this.opts.runMs,
          runMs: this.opts.interactiveMs,
          drop: () => this.interactive.remove(jobId),
        });
      } finally {
        this.readers.delete(reader);
        reader.disconnect();
        await this.release(userId, jobId);
      }
    })().catch((err: Error) => on.error(err.message, false));
    return {
      write: (d) => (send({ t: 'stdin', d }), true),
      eof: () => send({ t: 'eof' }),
      kill: () => {
        killed = true;
        send({ t: 'kill', reason: null });
      },
      done,
    };
  }

  /** Every live worker's figures (a worker not seen for 15 s is gone). */
  workers(): Promise<WorkerFigures[]> {
    return liveWorkers(this.redis, this.k.workers);
  }

  /** Whether code can run: what the live workers say of their own sandboxes (none alive: say so). */
  async sandbox(): Promise<{ available: boolean; reason: string | null }> {
    return sandboxOf(await this.workers());
  }

  async stats(): Promise<QueueStats> {
    const waitMs = waitFigures(this.waits);
    try {
      const [r, i, workers] = await Promise.all([
        this.runs.getJobCounts('waiting', 'prioritized', 'active'),
        this.interactive.getJobCounts('waiting', 'active'),
        this.workers(),
      ]);
      const waiting = (r.waiting ?? 0) + (r.prioritized ?? 0) + (i.waiting ?? 0);
      return { kind: 'redis', connected: true, waiting, active: (r.active ?? 0) + (i.active ?? 0), waitMs, workers };
    } catch {
      return { kind: 'redis', connected: false, waiting: 0, active: 0, waitMs, workers: [] };
    }
  }

  async close() {
    for (const r of this.readers) r.disconnect();
    await Promise.allSettled([this.events.close(), this.runs.close(), this.interactive.close()]);
    this.redis.disconnect();
  }
}

/** The queue of a RunnerConfig with `queue` (REDIS_URL): waits as long as a run may take. */
export function queuedRunsFor(config: RunnerConfig, queue: NonNullable<RunnerConfig['queue']>) {
  const limits = config.limits;
  return new QueuedRuns({
    ...queue,
    queueLength: config.queueLength,
    runMs: 2 * limits.compileMs + limits.wallMs + 5000,
    interactiveMs: limits.interactiveWallMs + 5000,
  });
}

/** 503 with Retry-After: no worker is alive to do the run. */
const noWorker = () => new DomainError(503, 'SERVER', NO_WORKER_MESSAGE, undefined, { 'retry-after': '10' });

/** Finished jobs are kept a little while (for a late waiter), then removed by BullMQ itself. */
const retention = { removeOnComplete: { age: 300 }, removeOnFail: { age: 3600 } };
