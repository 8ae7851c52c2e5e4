import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@learn/shared';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { assignmentFor, insertSubmission } from './repository.js';
import { claimSubmission } from './grading-repository.js';

/**
 * Two server instances on one database (PostgreSQL when TEST_DATABASE_URL is set, SQLite too): both resume
 * the same queued submissions at once, and every submission is graded exactly once.
 */
const LECTURE = 'c-cpp-day-3';

describe.each(engines)('homework grading claims across instances (%s)', (engine) => {
  let t: TestApp;
  let second: Awaited<ReturnType<TestApp['restartComposed']>>;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { RUNNER_CONCURRENCY: '2' });
    second = await t.restartComposed();
    t.deps.pubsub.subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  it('an atomic claim: of two racing for one row exactly one wins, and a held claim is not taken before it runs out', async () => {
    const s = await t.createUser({ role: 'student' });
    const now = t.clock.now();
    const id = await insertSubmission(t.deps.db, {
      studentId: s.id,
      lectureId: LECTURE,
      courseId: 'course_c_01',
      taskIndex: 0,
      code: 'int main(void){return 0;}',
      language: 'c',
      at: now,
      status: 'queued',
    });
    const until = new Date(now.getTime() + 60_000);
    const wins = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => claimSubmission(t.deps.db, id, owner, now, until)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimSubmission(t.deps.db, id, 'e', new Date(now.getTime() + 59_000), until)).toBe(false);
    expect(await claimSubmission(t.deps.db, id, 'e', new Date(now.getTime() + 61_000), until)).toBe(true);
    await t.deps.db.deleteFrom('homework_submissions').where('id', '=', id).execute();
  });

  it('two apps resuming the same queued submissions grade each one exactly once', async () => {
    const tasks = (await assignmentFor(t.deps.db, LECTURE))!.tasks;
    const taskIndex = tasks.findIndex((x) => x.type === 'homework' && (x.tests?.length ?? 0) >= 2);
    const solution = tasks[taskIndex]!.solution!;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await t.createUser({ role: 'student' });
      ids.push(
        await insertSubmission(t.deps.db, {
          studentId: s.id,
          lectureId: LECTURE,
          courseId: 'course_c_01',
          taskIndex,
          code: solution,
          language: 'c',
          at: t.clock.now(),
          status: 'queued',
        }),
      );
    }
    // Both instances find all six at the same moment, as two servers starting together would.
    await Promise.all([t.services.grader.resume(), second.services.grader.resume()]);
    await Promise.all([t.services.grader.idle(), second.services.grader.idle()]);

    // Each submission's tests ran once in all: the two instances split the six between them.
    expect(t.services.grader.graded + second.services.grader.graded).toBe(6);
    const graded = events.filter((e) => e.type === 'homework.autograded').map((e) => (e as { submissionId: number }).submissionId);
    expect([...graded].sort((a, b) => a - b)).toEqual(ids);
    const rows = await t.deps.db.selectFrom('homework_submissions').selectAll().where('id', 'in', ids).execute();
    expect(rows.every((r) => r.autograde_status === 'done' && r.proposed_grade === 'A' && r.claimed_by === null)).toBe(true);
  });
});
