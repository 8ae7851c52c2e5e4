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

  it('shows graded homework (state, letter, feedback, date) and a graded exam (score, percentage, date)', async () => {
    const s = await t.createUser({ role: 'student', name: 'Robin' });
    const cookie = await t.login(s.email, s.password);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, c: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
    // Homework: a submission on c-cpp-day-3, graded A with feedback.
    await grant(t, guide, s.id, ['c-cpp-day-3'], ['assignment']);
    const sub = await call('POST', '/api/homework/submissions', cookie, { lectureId: 'c-cpp-day-3', taskIndex: 0, code: 'int main(){}' });
    expect(sub.statusCode, sub.body).toBe(201);
    const graded = await call('PUT', `/api/homework/submissions/${sub.json().id}/grade`, guide, { grade: 'A', feedback: 'Neat.' });
    expect(graded.statusCode, graded.body).toBe(200);
    // Exam: one mcq, answered right, graded 10/10.
    const exam = (await call('POST', '/api/exams', guide, { courseId: 'course_python_01', week: 1 })).json();
    const q = { id: 'q1', type: 'mcq', prompt: '2 + 3?', points: 10, options: ['5', '6'], correctOption: 0 };
    expect(
      (await call('PUT', `/api/exams/${exam.id}`, guide, { title: 'Week 1 Assessment', duration: 30, questions: [q] })).statusCode,
    ).toBe(200);
    const days = Array.from({ length: 7 }, (_, i) => `python-day-${i + 1}`);
    await grant(t, guide, s.id, days, ['explanation']);
    for (const d of days) await call('POST', `/api/lectures/${d}/complete`, cookie);
    expect((await call('POST', `/api/exams/${exam.id}/attempt`, cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/exams/${exam.id}/attempt/submit`, cookie, { seq: 1, answers: { q1: 0 } })).statusCode).toBe(200);
    const attempt = (await call('GET', '/api/exam-submissions?courseId=course_python_01', guide))
      .json()
      .submissions.find((x: { studentId: string }) => x.studentId === s.id);
    expect((await call('PUT', `/api/exam-submissions/${attempt.id}/grade`, guide, { scores: { q1: 10 } })).statusCode).toBe(200);

    const p = (await call('GET', `/api/students/${s.id}/progress`, guide)).json();
    expect(p.homework).toEqual([
      expect.objectContaining({
        courseId: 'course_c_01',
        lectureId: 'c-cpp-day-3',
        taskIndex: 0,
        state: 'graded',
        grade: 'A',
        feedback: 'Neat.',
        submittedAt: sub.json().submittedAt,
        gradedAt: expect.any(String),
      }),
    ]);
    expect(p.exams).toEqual([
      expect.objectContaining({ examId: exam.id, title: 'Week 1 Assessment', status: 'graded', grade: 10, maxGrade: 10, percentage: 100 }),
    ]);
    expect(p.exams[0].submittedAt).toEqual(expect.any(String));
    // Every badge earned shows its dialog on the student's next page until the student closes it, once.
    const unseen = (await call('GET', '/api/badges/unseen', cookie)).json().badges.map((b: { id: string }) => b.id);
    expect(unseen.sort()).toEqual(['badge_01', 'badge_02', 'badge_03']);
    expect((await call('POST', '/api/badges/badge_02/seen', cookie)).statusCode).toBe(200);
    const left = (await call('GET', '/api/badges/unseen', cookie)).json().badges.map((b: { id: string }) => b.id);
    expect(left.sort()).toEqual(['badge_01', 'badge_03']);
    for (const id of left) await call('POST', `/api/badges/${id}/seen`, cookie);
    expect((await call('GET', '/api/badges/unseen', cookie)).json().badges).toEqual([]);
    // The student sees the same on their own progress.
    const own = (await call('GET', `/api/students/${s.id}/progress`, cookie)).json();
    expect(own.homework).toEqual(p.homework);
    expect(own.exams).toEqual(p.exams);
  });
});
