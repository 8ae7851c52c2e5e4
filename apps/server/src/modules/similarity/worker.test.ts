import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { findRun, pairsOf } from './repository.js';
import { SimilarityWorker } from './worker.js';
import * as p from './test-programs.js';

/** The background job across a restart: a comparison cut short by a shutdown is finished by the next start. */
const SCOPE = 'homework:c-cpp-day-20:0';

describe.each(engines)('similarity worker (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const code of [p.original, p.renamed, p.independent]) {
      const s = await t.createUser({ role: 'student' });
      await t.deps.db
        .insertInto('homework_submissions')
        .values({
          student_id: s.id,
          lecture_id: 'c-cpp-day-20',
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
  });
  afterAll(async () => t?.close());

  it('a shutdown hands the comparison under way back as queued; the next start finishes it', async () => {
    const errors: unknown[] = [];
    const first = new SimilarityWorker(t.deps, (err) => errors.push(err));
    await first.request(SCOPE, 'course_c_01');
    await first.stop();
    expect((await findRun(t.deps.db, SCOPE))?.status).toBe('queued');
    expect(await pairsOf(t.deps.db, SCOPE, 0)).toEqual([]);

    const next = new SimilarityWorker(t.deps, (err) => errors.push(err));
    await next.refresh(); // what a start (and the scheduler) does
    await next.idle();
    const run = await findRun(t.deps.db, SCOPE);
    expect(run).toMatchObject({ status: 'done', submissions: 3, claimed_by: null });
    expect(await pairsOf(t.deps.db, SCOPE, 0.75)).toHaveLength(1);
    expect(errors).toEqual([]);
    await next.stop();
  });
});
