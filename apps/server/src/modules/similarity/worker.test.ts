import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { scopeInputs } from './inputs-repository.js';
import { findRun, pairsOf } from './repository.js';
import { courseLanguage, signatureOf, SimilarityWorker } from './worker.js';
import * as p from './test-programs.js';

/**
 * The background job across a restart: a comparison cut short by a shutdown is finished by the next start,
 * and one made by an earlier engine is made again.
 */
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

  it('a comparison stored by an earlier engine is redone at the next refresh, as if submissions had changed', async () => {
    const inputs = (await scopeInputs(t.deps.db, { kind: 'homework', lectureId: 'c-cpp-day-20', taskIndex: 0 }, courseLanguage))!;
    // The signature as the first engine (Dolos' own tokens) wrote it: no engine in it.
    const before = JSON.stringify([inputs.language, inputs.programs.map((x) => x.ref), inputs.given]);
    const old = createHash('sha256').update(before).digest('hex');
    await t.deps.db.updateTable('similarity_runs').set({ signature: old, suggested: null }).where('scope', '=', SCOPE).execute();
    const worker = new SimilarityWorker(t.deps, (err) => {
      throw err;
    });
    await worker.refresh();
    await worker.idle();
    const run = await findRun(t.deps.db, SCOPE);
    expect(run).toMatchObject({ status: 'done', signature: signatureOf(inputs) });
    expect(run!.signature).not.toBe(old);
    expect(run!.suggested).not.toBeNull();
    await worker.stop();
  });
});
