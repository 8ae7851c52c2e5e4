import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { SimilarityReport } from '@learn/shared';
import { createTestApp, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { startWorker } from '../../../test/workers.js';
import * as p from './test-programs.js';
import { comparePrograms } from './engine.js';
import { scopeInputs } from './inputs-repository.js';
import { courseLanguage } from './worker.js';

/**
 * Issue 30 with the workers issue: with REDIS_URL the comparison is a job done by a runner worker process
 * (`src/worker.ts`, as `npm run worker` starts it), on the local Redis under a prefix of its own. The API
 * keeps the claim, the progress and the results; the worker has no database.
 */
const url = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !url)
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests must run in CI (see .ci/run).');

const LECTURE = 'c-cpp-day-20';
const SCOPE = `homework:${LECTURE}:0`;

describe.runIf(url)('similar submissions compared on a runner worker', () => {
  const prefix = `test:similar:${randomUUID()}`;
  const env = { REDIS_URL: url!, RUNNER_QUEUE_PREFIX: prefix, RUNNER_CONCURRENCY: '1', LOG_LEVEL: 'silent' };
  let t: TestApp;
  let guide: string;
  let worker: (ChildProcess & { output: string[] }) | undefined;

  beforeAll(async () => {
    worker = await startWorker(env);
    t = await createTestApp('sqlite', { REDIS_URL: url!, RUNNER_QUEUE_PREFIX: prefix });
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    for (const code of [p.original, p.renamed, p.independent]) {
      const s = await t.createUser({ role: 'student' });
      await t.deps.db
        .insertInto('homework_submissions')
        .values({
          student_id: s.id,
          lecture_id: LECTURE,
          course_id: 'course_c_01',
          task_index: 0,
          code,
          language: 'c',
          submitted_at: t.clock.now().toISOString(),
          autograde_status: 'none',
          superseded: 0,
        })
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    await t?.close();
    const r = new Redis(url!);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  });

  const report = async (method: 'GET' | 'POST' = 'GET') => {
    const res =
      method === 'GET'
        ? await t.app.inject({ method, url: `/api/similarity/report?scope=${encodeURIComponent(SCOPE)}`, headers: { cookie: guide } })
        : await t.app.inject({ method, url: '/api/similarity/report/refresh', payload: { scope: SCOPE }, headers: { cookie: guide } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<SimilarityReport>();
  };
  const until = async (check: (r: SimilarityReport) => boolean) => {
    for (;;) {
      const r = await report();
      if (check(r)) return r;
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  it('puts the comparison on the queue; the worker computes it and the API stores the pairs, with the progress', async () => {
    const first = await report();
    expect(['queued', 'running']).toContain(first.status);
    const done = await until((r) => r.status === 'done');
    expect(done.progress).toEqual({ done: 6, total: 6 });
    expect(done.pairs).toHaveLength(1);
    expect(done.pairs[0]!.similarity).toBeGreaterThanOrEqual(done.threshold);
    expect(done.error).toBeNull();
    // Dolos' suggested cut-off comes back from the worker with the pairs, as this process would compute it.
    const inputs = (await scopeInputs(t.deps.db, { kind: 'homework', lectureId: LECTURE, taskIndex: 0 }, courseLanguage))!;
    const here = await comparePrograms(
      inputs.language,
      inputs.programs.map((x) => ({ key: x.ref, code: x.code })),
      inputs.given,
      0.5,
    );
    expect(here.suggested).not.toBeNull();
    expect(done.suggested).toBe(here.suggested);
  }, 30_000);

  it('waits for a worker: with none connected the comparison does not finish, and the next worker does it', async () => {
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker!.kill('SIGKILL');
    await exited;
    const asked = await report('POST');
    expect(['queued', 'running']).toContain(asked.status);
    // Nothing in this process compares: without a worker the run stays under way until one comes.
    expect((await report()).status).not.toBe('done');
    worker = await startWorker(env);
    const done = await until((r) => r.status === 'done');
    expect(done.pairs).toHaveLength(1);
  }, 60_000);
});
