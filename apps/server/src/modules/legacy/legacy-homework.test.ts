import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';

/** get_submissions.php, add_submission.php, grade_submission.php: the spec's payloads over the homework service. */
describe.each(engines)('legacy submission calls (%s)', (engine) => {
  let t: TestApp;
  let student: string;
  let other: string;
  let guide: string;
  let studentId: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const s = await t.createUser({ role: 'student', name: 'Ada Student' });
    const o = await t.createUser({ role: 'student' });
    studentId = s.id;
    student = await t.login(s.email, s.password);
    other = await t.login(o.email, o.password);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const granted = await t.app.inject({
      method: 'PUT',
      url: '/api/access',
      headers: { cookie: guide },
      payload: { changes: [{ studentId: s.id, lectureId: 'c-cpp-day-3', kind: 'assignment', granted: true }] },
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.services.grader.idle();
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('adds, lists for the owner only, and grades by a guide only', async () => {
    const added = await call('POST', 'add_submission.php', student, { lectureId: 'c-cpp-day-3', code: 'int main(void){return 0;}\n' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      message: 'Homework submitted successfully',
      submission: {
        studentId,
        studentName: 'Ada Student',
        courseId: 'course_c_01',
        courseTitle: 'C Programming',
        lectureId: 'c-cpp-day-3',
        grade: '',
        feedback: '',
      },
    });
    const id = added.json().submission.id as number;

    expect((await call('GET', 'get_submissions.php', student)).json().map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await call('GET', 'get_submissions.php', other)).json()).toEqual([]);
    expect((await call('GET', 'get_submissions.php', guide)).json().map((s: { id: number }) => s.id)).toContain(id);

    const refused = await call('POST', 'grade_submission.php', student, { submissionId: id, grade: 'A', feedback: '' });
    expect(refused.statusCode).toBe(403);
    const graded = await call('POST', 'grade_submission.php', guide, { submissionId: id, grade: 'C', feedback: 'Prints nothing.' });
    expect(graded.json()).toMatchObject({
      success: true,
      message: 'Grade saved successfully',
      submission: { id, grade: 'C', feedback: 'Prints nothing.' },
    });
  });

  it('answers refusals in the old envelope', async () => {
    const blank = await call('POST', 'add_submission.php', student, { lectureId: 'c-cpp-day-3', code: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ success: false, message: 'Write your answer before submitting.' });
    const noGrant = await call('POST', 'add_submission.php', other, { lectureId: 'c-cpp-day-3', code: 'int main(void){return 0;}' });
    expect(noGrant.statusCode).toBe(403);
    expect(noGrant.json()).toMatchObject({ success: false, message: 'You do not have access to this assignment.' });
  });
});
