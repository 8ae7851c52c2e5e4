import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';

describe.each(engines)('student progress (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('shows a guide any student, and a student only themselves', async () => {
    const s = await t.createUser({ role: 'student', name: 'Pat' });
    const other = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    await grant(t, guide, s.id, ['c-cpp-day-26'], ['code']);
    await t.app.inject({ method: 'POST', url: '/api/lectures/c-cpp-day-26/complete', headers: { cookie } });
    const res = await t.app.inject({ url: `/api/students/${s.id}/progress`, headers: { cookie: guide } });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.student).toMatchObject({ id: s.id, name: 'Pat' });
    const cpp = p.courses.find((c: { courseId: string }) => c.courseId === 'course_cpp_01');
    expect(cpp).toMatchObject({ title: 'C++ Programming', lectureCount: 25 });
    expect(cpp.completed.map((c: { day: number }) => c.day)).toEqual([26]);
    expect(p.badges.map((b: { id: string }) => b.id)).toEqual(['badge_01']);
    expect((await t.app.inject({ url: `/api/students/${s.id}/progress`, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/students/${other.id}/progress`, headers: { cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/students/nobody/progress', headers: { cookie: guide } })).statusCode).toBe(404);
  });
});
