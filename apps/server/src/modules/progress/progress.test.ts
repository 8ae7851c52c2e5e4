import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';
import { badgesForCompletion } from './badge-rules.js';

describe('badge rules', () => {
  it.each([
    [{ totalCompleted: 1, courseId: 'course_c_01', courseCompleted: 1, courseLectures: 25 }, ['badge_01']],
    [{ totalCompleted: 25, courseId: 'course_c_01', courseCompleted: 25, courseLectures: 25 }, ['badge_01', 'badge_04']],
    [{ totalCompleted: 30, courseId: 'course_cpp_01', courseCompleted: 25, courseLectures: 25 }, ['badge_01', 'badge_05']],
    [{ totalCompleted: 50, courseId: 'course_python_01', courseCompleted: 50, courseLectures: 50 }, ['badge_01']],
  ])('%j earns %j', (facts, expected) => {
    expect(badgesForCompletion(facts)).toEqual(expected);
  });
});

describe.each(engines)('lecture completion, badges and dashboards (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  async function newStudent() {
    const s = await t.createUser({ role: 'student' });
    return { id: s.id, name: s.email, cookie: await t.login(s.email, s.password) };
  }
  const complete = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/lectures/${id}/complete`, headers: { cookie } });

  it('records a completion once and awards First Steps once', async () => {
    const s = await newStudent();
    await grant(t, guide, s.id, ['c-cpp-day-1', 'c-cpp-day-2'], ['explanation']);
    const first = await complete(s.cookie, 'c-cpp-day-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().newBadges.map((b: { id: string; name: string }) => [b.id, b.name])).toEqual([['badge_01', 'First Steps']]);
    const again = await complete(s.cookie, 'c-cpp-day-1');
    expect(again.json()).toEqual({ completed: true, newBadges: [] });
    expect((await complete(s.cookie, 'c-cpp-day-2')).json().newBadges).toEqual([]);
    const rows = await t.deps.db.selectFrom('lecture_completions').selectAll().where('student_id', '=', s.id).execute();
    expect(rows).toHaveLength(2);
    const awards = await t.deps.db.selectFrom('badge_awards').selectAll().where('student_id', '=', s.id).execute();
    expect(awards.map((a) => a.badge_id)).toEqual(['badge_01']);
    // Concurrent double-clicks still record one completion.
    await Promise.all([complete(s.cookie, 'c-cpp-day-2'), complete(s.cookie, 'c-cpp-day-2')]);
    expect(await t.deps.db.selectFrom('lecture_completions').selectAll().where('student_id', '=', s.id).execute()).toHaveLength(2);
  });

  it('refuses completion without a grant, and for guides', async () => {
    const s = await newStudent();
    expect((await complete(s.cookie, 'c-cpp-day-3')).statusCode).toBe(403);
    expect((await complete(guide, 'c-cpp-day-3')).statusCode).toBe(403);
    expect((await complete(s.cookie, 'c-cpp-day-404')).statusCode).toBe(404);
  });

  it('awards C Graduate when every C lecture is complete, and shows progress on the dashboard', async () => {
    const s = await newStudent();
    const ids = Array.from({ length: 25 }, (_, i) => `c-cpp-day-${i + 1}`);
    await grant(t, guide, s.id, ids.slice(0, 10), ['code']);
    let dash = (await t.app.inject({ url: '/api/dashboard/student?courseId=course_c_01', headers: { cookie: s.cookie } })).json();
    expect(dash).toMatchObject({ lectureCount: 25, completedCount: 0, percentComplete: 0, continueLecture: { id: 'c-cpp-day-1', day: 1 } });
    expect(dash.recentGrades).toEqual([]);
    expect(dash.badges).toEqual([]);

    for (const id of ids.slice(0, 3)) await complete(s.cookie, id);
    dash = (await t.app.inject({ url: '/api/dashboard/student?courseId=course_c_01', headers: { cookie: s.cookie } })).json();
    expect(dash).toMatchObject({ completedCount: 3, percentComplete: 12, continueLecture: { id: 'c-cpp-day-4' } });
    expect(dash.badges.map((b: { id: string }) => b.id)).toEqual(['badge_01']);

    await grant(t, guide, s.id, ids.slice(10), ['code']);
    let last;
    for (const id of ids.slice(3)) last = await complete(s.cookie, id);
    expect(last!.json().newBadges.map((b: { id: string }) => b.id)).toEqual(['badge_04']);
    dash = (await t.app.inject({ url: '/api/dashboard/student?courseId=course_c_01', headers: { cookie: s.cookie } })).json();
    expect(dash).toMatchObject({ completedCount: 25, percentComplete: 100, continueLecture: null });

    const g = (await t.app.inject({ url: '/api/dashboard/guide?courseId=course_c_01', headers: { cookie: guide } })).json();
    expect(g).toMatchObject({ courseTitle: 'C Programming', lectureCount: 25, pendingHomework: 0, pendingExams: 0 });
    expect(g.students.find((r: { id: string }) => r.id === s.id)).toMatchObject({ completedCount: 25, percentComplete: 100 });
    expect(JSON.stringify(g)).not.toMatch(/password/);
  });

  it('keeps dashboards to their role', async () => {
    const s = await newStudent();
    expect((await t.app.inject({ url: '/api/dashboard/guide?courseId=course_c_01', headers: { cookie: s.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/dashboard/student?courseId=course_c_01', headers: { cookie: guide } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/dashboard/student', headers: { cookie: s.cookie } })).statusCode).toBe(400);
  });
});
