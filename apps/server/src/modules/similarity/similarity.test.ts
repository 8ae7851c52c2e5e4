import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIMILARITY_DEFAULT_THRESHOLD,
  type SimilarityMarkers,
  type SimilarityPairDetail,
  type SimilarityPairView,
  type SimilarityReport,
  type SimilarityScopeView,
} from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import * as p from './test-programs.js';

/**
 * Similar submissions through the API, on a real database (SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set): the comparison runs in the background, the report shows it, marks are kept, a new submission
 * refreshes it, and students reach none of it.
 */
const LECTURE = 'c-cpp-day-21';
const SCOPE = `homework:${LECTURE}:1`;

describe.each(engines)('similar submissions (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let studentCookie: string;
  const students: { id: string; cookie?: string }[] = [];
  const refs: number[] = [];

  async function submit(studentId: string, code: string): Promise<number> {
    const { db, clock } = t.deps;
    await db
      .updateTable('homework_submissions')
      .set({ superseded: 1 })
      .where('student_id', '=', studentId)
      .where('lecture_id', '=', LECTURE)
      .where('task_index', '=', 1)
      .execute();
    const row = await db
      .insertInto('homework_submissions')
      .values({
        student_id: studentId,
        lecture_id: LECTURE,
        course_id: 'course_c_01',
        task_index: 1,
        code,
        language: 'c',
        submitted_at: clock.now().toISOString(),
        autograde_status: 'none',
        superseded: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const get = async <T>(url: string, cookie = guide) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const report = () => get<SimilarityReport>(`/api/similarity/report?scope=${encodeURIComponent(SCOPE)}`);

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    for (const code of [p.original, p.renamed, p.recommented, p.independent]) {
      const s = await t.createUser({ role: 'student' });
      students.push({ id: s.id });
      refs.push(await submit(s.id, code));
      if (!studentCookie) studentCookie = await t.login(s.email, s.password);
    }
  });
  afterAll(async () => t?.close());

  it('opening the report starts the comparison in the background; when done, copies are ranked pairs and one cluster', async () => {
    const first = await report();
    // A comparison this small may already be done when the report answers; either way what it shows agrees.
    expect(['queued', 'running', 'done']).toContain(first.status);
    if (first.status !== 'done') {
      expect(first.pairs).toEqual([]);
      expect(first.suggested).toBeNull();
    } else expect(first.pairs.length).toBeGreaterThan(0);
    await t.services.similarityWorker.idle();
    const done = await report();
    expect(done.status).toBe('done');
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.progress.total).toBeGreaterThan(0);
    expect(done.submissions).toBe(4);
    expect(done.stale).toBe(false);
    // Dolos' suggested cut-off, stored with the run (migration 013) and shown with the report.
    const run = await t.deps.db.selectFrom('similarity_runs').select('suggested').where('scope', '=', SCOPE).executeTakeFirstOrThrow();
    expect(done.suggested).toBeGreaterThan(0.5);
    expect(done.suggested).toBeLessThanOrEqual(1);
    expect(Number(run.suggested)).toBe(done.suggested);
    const keys = done.pairs.map((x) => [x.left.ref, x.right.ref].sort((a, b) => a - b).join('-'));
    expect(keys.sort()).toEqual([`${refs[0]}-${refs[1]}`, `${refs[0]}-${refs[2]}`, `${refs[1]}-${refs[2]}`].sort());
    for (const pair of done.pairs) {
      expect(pair.similarity).toBeGreaterThanOrEqual(done.threshold);
      expect(pair.longest).toBeGreaterThan(0);
      expect(pair.left.studentName).toMatch(/^Student/);
    }
    expect(done.clusters).toHaveLength(1);
    expect(done.clusters[0]!.students.map((s) => s.studentId).sort()).toEqual(
      students
        .slice(0, 3)
        .map((s) => s.id)
        .sort(),
    );
  });

  it('shows a pair side by side with its matching parts, and keeps a "reviewed" mark with its note', async () => {
    const pair = (await report()).pairs[0]!;
    const detail = await get<SimilarityPairDetail>(`/api/similarity/pairs/${pair.id}`);
    expect(detail.language).toBe('c');
    expect([detail.leftCode, detail.rightCode]).toContain(p.original);
    expect(detail.fragments.length).toBeGreaterThan(0);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/similarity/pairs/${pair.id}/review`,
      headers: { cookie: guide },
      payload: { reviewed: true, note: 'Talked to both: worked together.' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<SimilarityPairView>().reviewed?.note).toBe('Talked to both: worked together.');
    const again = (await report()).pairs.find((x) => x.id === pair.id)!;
    expect(again.reviewed).toMatchObject({ note: 'Talked to both: worked together.', by: expect.any(String) });
  });

  it('marks the submissions of flagged pairs for the review page, and lists the task with its count', async () => {
    const markers = await get<SimilarityMarkers>('/api/similarity/markers?courseId=course_c_01');
    expect(markers.homework.map((m) => m.ref).sort()).toEqual(refs.slice(0, 3).sort());
    expect(markers.homework.every((m) => m.scope === SCOPE)).toBe(true);
    const { scopes } = await get<{ scopes: SimilarityScopeView[] }>('/api/similarity/scopes?courseId=course_c_01');
    expect(scopes.find((s) => s.scope === SCOPE)).toMatchObject({ submissions: 4, status: 'done', flagged: 3 });
  });

  it('a new submission makes the report stale and the next comparison takes it in; the mark stays', async () => {
    const reviewed = (await report()).pairs.find((x) => x.reviewed)!;
    refs[3] = await submit(students[3]!.id, p.reordered);
    await t.services.similarityWorker.refresh(); // what the scheduler does every minute
    await t.services.similarityWorker.idle();
    const next = await report();
    expect(next.status).toBe('done');
    expect(next.pairs).toHaveLength(6);
    expect(next.clusters[0]!.students).toHaveLength(4);
    const same = next.pairs.find((x) => x.left.studentId === reviewed.left.studentId && x.right.studentId === reviewed.right.studentId)!;
    expect(same.reviewed?.note).toBe('Talked to both: worked together.');
  });

  it('a course threshold decides what is flagged; an out-of-range one is refused with a clear message', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/similarity/settings',
      headers: { cookie: guide },
      payload: { courseId: 'course_c_01', threshold: 0.05 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('The threshold must be at least 50%.');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/similarity/settings',
      headers: { cookie: guide },
      payload: { courseId: 'course_c_01', threshold: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const strict = await report();
    expect(strict.threshold).toBe(1);
    expect(strict.pairs.every((x) => x.similarity >= 1)).toBe(true);
    expect(strict.pairs.length).toBeLessThan(6);
    await t.app.inject({
      method: 'PUT',
      url: '/api/similarity/settings',
      headers: { cookie: guide },
      payload: { courseId: 'course_c_01', threshold: SIMILARITY_DEFAULT_THRESHOLD },
    });
  });

  it('compares an exam code question, leaving its starter code out', async () => {
    const { db, clock } = t.deps;
    const now = clock.now().toISOString();
    const question = {
      id: 'q1',
      type: 'code',
      prompt: 'Print the statistics.',
      points: 10,
      starterCode: '#include <stdio.h>\nint main(void) {\n    return 0;\n}\n',
    };
    await db
      .insertInto('exams')
      .values({
        id: 'exam_sim',
        course_id: 'course_c_01',
        week: 3,
        title: 'Week 3 Assessment',
        duration_minutes: 60,
        questions: JSON.stringify([question]),
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const attempt = async (studentId: string, answer: string) =>
      Number(
        (
          await db
            .insertInto('exam_attempts')
            .values({
              exam_id: 'exam_sim',
              student_id: studentId,
              course_id: 'course_c_01',
              status: 'submitted',
              started_at: now,
              deadline_at: now,
              submitted_at: now,
              submitted_by: 'student',
              saved_at: now,
              answers: JSON.stringify({ q1: answer }),
              auto_points: null,
              tests: null,
              scores: null,
              grade: null,
              max_grade: 10,
              feedback: null,
              graded_by: null,
              graded_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const a = await attempt(students[0]!.id, p.original);
    const b = await attempt(students[1]!.id, p.renamed);
    await attempt(students[2]!.id, p.independent);
    const url = `/api/similarity/report?scope=${encodeURIComponent('exam:exam_sim:q1')}`;
    await get<SimilarityReport>(url);
    await t.services.similarityWorker.idle();
    const exam = await get<SimilarityReport>(url);
    expect(exam.label).toBe('Week 3 Assessment · question 1');
    expect(exam.pairs.map((x) => [x.left.ref, x.right.ref].sort((m, n) => m - n))).toEqual([[a, b].sort((m, n) => m - n)]);
    const markers = await get<SimilarityMarkers>('/api/similarity/markers?courseId=course_c_01');
    expect(markers.exam.map((m) => m.ref).sort()).toEqual([a, b].sort());
  });

  it("keeping the lesson's starter code does not make two submissions similar", async () => {
    const { db, clock } = t.deps;
    const task = JSON.parse(
      (await db.selectFrom('assignments').select('tasks').where('lecture_id', '=', LECTURE).executeTakeFirstOrThrow()).tasks,
    ) as {
      initialCode: string;
      solution: string;
    }[];
    const scope = `homework:${LECTURE}:0`;
    const [a, b] = [await t.createUser({ role: 'student' }), await t.createUser({ role: 'student' })];
    for (const [s, code] of [
      [a, task[0]!.solution],
      [b, p.rectanglesOwn],
    ] as const)
      await db
        .insertInto('homework_submissions')
        .values({
          student_id: s.id,
          lecture_id: LECTURE,
          course_id: 'course_c_01',
          task_index: 0,
          code,
          language: 'c',
          submitted_at: clock.now().toISOString(),
          autograde_status: 'none',
          superseded: 0,
        })
        .execute();
    expect(p.rectanglesOwn).toContain('typedef struct {\n    int width;\n    int height;\n} Rectangle;');
    const url = `/api/similarity/report?scope=${encodeURIComponent(scope)}`;
    await get<SimilarityReport>(url);
    await t.services.similarityWorker.idle();
    const done = await get<SimilarityReport>(url);
    expect(done.status).toBe('done');
    expect(done.submissions).toBe(2);
    expect(done.pairs).toEqual([]);
  });

  it('a student reaches none of it, not even with a pair id', async () => {
    const pair = (await report()).pairs[0]!;
    for (const url of [
      `/api/similarity/report?scope=${encodeURIComponent(SCOPE)}`,
      `/api/similarity/pairs/${pair.id}`,
      '/api/similarity/markers?courseId=course_c_01',
      '/api/similarity/scopes?courseId=course_c_01',
      '/api/similarity/settings?courseId=course_c_01',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: studentCookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('scanf');
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/similarity/pairs/${pair.id}/review`,
      headers: { cookie: studentCookie },
      payload: { reviewed: true, note: 'x' },
    });
    expect(put.statusCode).toBe(403);
  });

  it('an unknown scope is a clear 400, an unknown task a 404', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/similarity/report?scope=nonsense', headers: { cookie: guide } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/similarity/report?scope=homework:c-cpp-day-21:9',
      headers: { cookie: guide },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('This task or question was not found.');
  });
});
