import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@learn/shared';
import type { Services } from './compose.js';
import { createTestApp, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../test/harness.js';
import { startWorker } from '../test/workers.js';
import { assignmentFor, insertSubmission } from './modules/homework/repository.js';

/**
 * Issue 29, "graded exactly once": two API instances on one database and the local Redis grade through two
 * runner workers; one worker is killed (-9) while it grades. Every homework submission and every exam answer
 * is graded once (one job each, one result stored, the right score), however many instances asked.
 */
const url = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !url)
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests must run in CI (see .ci/run).');

type Proc = ChildProcess & { output: string[] };
const LECTURE = 'c-cpp-day-3';
const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 50));
};

describe.runIf(url)('grading exactly once through runner workers, a worker killed mid-grading', () => {
  const prefix = `test:runs:${randomUUID()}`;
  const env = {
    REDIS_URL: url!,
    RUNNER_QUEUE_PREFIX: prefix,
    RUNNER_WORKER_LOCK_SECONDS: '2',
    RUNNER_CONCURRENCY: '1',
    LOG_LEVEL: 'silent',
  };
  let t: TestApp;
  let second: FastifyInstance;
  let secondServices: Services;
  let workers: Proc[] = [];
  let redis: Redis;
  let queue: Queue;
  const events: LiveEvent[] = [];

  /** The worker holding a job now (its heartbeat says so), killed without a word. */
  async function killBusyWorker() {
    const busy = async () => {
      const figures = await redis.hgetall(`${prefix}:workers`);
      return workers.find((w) => {
        const id = /Runner worker (\S+) ready/.exec(w.output.join(''))![1]!;
        return w.exitCode === null && figures[id] && (JSON.parse(figures[id]) as { active: number }).active > 0;
      });
    };
    let victim: Proc | undefined;
    await until(async () => !!(victim = await busy()));
    victim!.kill('SIGKILL');
    await new Promise((r) => victim!.once('exit', r));
    // Two workers again for the next test: the killed one's job is left to the survivor.
    workers = [...workers.filter((w) => w !== victim), await startWorker(env)];
  }

  /** Every job of a kind in the queue, finished or not: one per thing graded. */
  const jobsOf = async (kind: 'homework' | 'exam') =>
    (await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'prioritized', 'delayed'])).filter((j) => j.name === kind);

  beforeAll(async () => {
    workers = await Promise.all([startWorker(env), startWorker(env)]);
    t = await createTestApp('sqlite', { REDIS_URL: url!, RUNNER_QUEUE_PREFIX: prefix, RUNNER_CONCURRENCY: '2' });
    ({ app: second, services: secondServices } = await t.restartComposed());
    await Promise.all([t.services.runner.queued!.ready(), secondServices.runner.queued!.ready()]);
    t.deps.pubsub.subscribe((e) => events.push(e));
    redis = new Redis(url!);
    queue = new Queue('runs', { connection: { url: url! }, prefix });
  }, 60_000);
  afterAll(async () => {
    workers.forEach((w) => w.exitCode === null && w.kill('SIGKILL'));
    await queue?.close();
    await second?.close();
    await t?.close();
    const stale = await redis.keys(`${prefix}:*`);
    if (stale.length) await redis.del(...stale);
    redis.disconnect();
  });

  it('two instances resuming the same homework submissions: each graded once, by one job, with the right grade', async () => {
    const tasks = (await assignmentFor(t.deps.db, LECTURE))!.tasks;
    const taskIndex = tasks.findIndex((x) => x.type === 'homework' && (x.tests?.length ?? 0) >= 2);
    // The task's solution, slowed a little per test so that a worker is caught holding it.
    const slow = (i: number) =>
      `#include <unistd.h>\n/* submission ${i} */\n__attribute__((constructor)) static void slow(void) { usleep(300000); }\n${tasks[taskIndex]!.solution!}`;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await t.createUser({ role: 'student' });
      const row = { studentId: s.id, lectureId: LECTURE, courseId: 'course_c_01', taskIndex, code: slow(i), language: 'c' as const };
      ids.push(await insertSubmission(t.deps.db, { ...row, at: t.clock.now(), status: 'queued' }));
    }
    // Both instances find all three at the same moment, as two servers starting together would.
    await Promise.all([t.services.grader.resume(), secondServices.grader.resume()]);
    await killBusyWorker();
    await Promise.all([t.services.grader.idle(), secondServices.grader.idle()]);

    expect(t.services.grader.graded + secondServices.grader.graded).toBe(3);
    const graded = events.filter((e) => e.type === 'homework.autograded').map((e) => (e as { submissionId: number }).submissionId);
    expect([...graded].sort((a, b) => a - b)).toEqual(ids);
    const rows = await t.deps.db.selectFrom('homework_submissions').selectAll().where('id', 'in', ids).execute();
    const total = tasks[taskIndex]!.tests!.length;
    expect(rows.map((r) => [r.autograde_status, r.proposed_grade, r.passed, r.total, r.claimed_by])).toEqual(
      ids.map(() => ['done', 'A', total, total, null]),
    );
    // One job per submission, all completed; the one the killed worker held was taken again (stalled once).
    const jobs = await jobsOf('homework');
    expect(jobs.map((j) => j.finishedOn && !j.failedReason)).toEqual([true, true, true]);
    expect(jobs.some((j) => j.stalledCounter > 0)).toBe(true);
  }, 120_000);

  it("two guides running an exam answer's tests at once on two instances: one job per answer, one result stored", async () => {
    const guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const call = (app: FastifyInstance, method: 'POST' | 'PUT', path: string, payload?: object) =>
      app.inject({ method, url: path, headers: { cookie: guide }, ...(payload ? { payload } : {}) });
    const examId = (await call(t.app, 'POST', '/api/exams', { courseId: 'course_python_01', week: 1 })).json().id as string;
    const tests = [
      { stdin: '2 3', expectedOutput: '5\n' },
      { stdin: '10 5', expectedOutput: '15\n' },
      { stdin: '1 1', expectedOutput: '2\n' },
    ];
    const questions = [
      { id: 'q1', type: 'code', prompt: 'Add two numbers.', points: 9, starterCode: '', tests },
      { id: 'q2', type: 'code', prompt: 'Add them again.', points: 6, starterCode: '', tests },
    ];
    expect((await call(t.app, 'PUT', `/api/exams/${examId}`, { title: 'W1', duration: 30, questions })).statusCode).toBe(200);
    const s = await t.createUser({ role: 'student' });
    const now = t.clock.now().toISOString();
    // q1 right (slowly, so that the kill finds a worker on it); q2 right on two tests of three.
    const answers = {
      q1: 'import time\ntime.sleep(0.3)\na, b = map(int, input().split())\nprint(a + b)\n',
      q2: 'a, b = map(int, input().split())\nprint(a + b if a != 1 else 3)\n',
    };
    const attempt = await t.deps.db
      .insertInto('exam_attempts')
      .values({
        exam_id: examId,
        student_id: s.id,
        course_id: 'course_python_01',
        status: 'submitted',
        started_at: now,
        deadline_at: now,
        submitted_at: now,
        submitted_by: 'student',
        saved_at: now,
        answers: JSON.stringify(answers),
        auto_points: '{}',
        max_grade: 15,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const runs = [t.app, second].map((app) => call(app, 'POST', `/api/exam-submissions/${attempt.id}/tests`));
    await killBusyWorker();
    const views = (await Promise.all(runs)).map((r) => (expect(r.statusCode, r.body).toBe(200), r.json()));

    expect(views[0].autoPoints).toEqual({ q1: 9, q2: 4 });
    expect(views[1].autoPoints).toEqual(views[0].autoPoints);
    expect(views[1].tests).toEqual(views[0].tests);
    const row = await t.deps.db.selectFrom('exam_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.auto_points!)).toEqual({ q1: 9, q2: 4 });
    expect(JSON.parse(row.tests!)).toEqual(views[0].tests);
    // Two answers, two jobs (not four): both instances waited on the same ones, the killed one retried.
    const jobs = await jobsOf('exam');
    expect(jobs.map((j) => j.finishedOn && !j.failedReason)).toEqual([true, true]);
    expect(jobs.some((j) => j.stalledCounter > 0)).toBe(true);
  }, 120_000);
});
