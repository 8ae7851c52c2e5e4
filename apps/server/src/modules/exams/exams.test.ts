import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';

const COURSE = 'course_python_01';

/** Issue 14: exams kept by the server: editing, unlocking, the clock, saves, submission, grading, badges. */
describe.each(engines)('exams (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let examId: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const questions = [
    { id: 'q1', type: 'mcq', prompt: 'What does print(2 + 3) show?', points: 10, options: ['23', '5', '2 + 3', 'error'], correctOption: 1 },
    { id: 'q2', type: 'short-answer', prompt: 'What is a variable?', points: 10, modelAnswer: 'A name bound to a value.' },
    {
      id: 'q3',
      type: 'debug',
      prompt: 'Fix the program so it prints 6.',
      points: 10,
      buggyCode: 'print(2 * 4)\n',
      tests: [{ stdin: '', expectedOutput: '6\n' }],
      modelAnswer: 'print(2 * 3)',
    },
    {
      id: 'q4',
      type: 'code',
      prompt: 'Print hello.',
      points: 10,
      starterCode: '# your code\n',
      tests: [
        { stdin: '', expectedOutput: 'hello\n' },
        { stdin: 'HIDDEN-INPUT-7', expectedOutput: 'hello\n' },
      ],
    },
  ];

  /** A student who completed `n` lectures of the course. */
  async function studentWith(n: number) {
    const s = await t.createUser({ role: 'student' });
    const days = Array.from({ length: n }, (_, i) => `python-day-${i + 1}`);
    if (n) await grant(t, guide, s.id, days, ['explanation']);
    const cookie = await t.login(s.email, s.password);
    for (const d of days) expect((await call('POST', `/api/lectures/${d}/complete`, cookie)).statusCode).toBe(200);
    return { ...s, cookie };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const created = await call('POST', '/api/exams', guide, { courseId: COURSE, week: 1 });
    expect(created.statusCode, created.body).toBe(201);
    examId = created.json().id;
    const saved = await call('PUT', `/api/exams/${examId}`, guide, { title: 'Week 1 Assessment', duration: 30, questions });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('creates an exam with the spec defaults, one per week, for guides only', async () => {
    const c = await call('POST', '/api/exams', guide, { courseId: COURSE, week: 2 });
    expect(c.json()).toMatchObject({ week: 2, title: 'Week 2 Assessment', duration: 60, questions: [], maxGrade: 0 });
    expect(c.json().id).toMatch(/^exam_course_python_01_w2_\d+$/);
    expect((await call('POST', '/api/exams', guide, { courseId: COURSE, week: 2 })).statusCode).toBe(409);
    const s = await studentWith(0);
    expect((await call('POST', '/api/exams', s.cookie, { courseId: COURSE, week: 3 })).statusCode).toBe(403);
    expect((await call('GET', `/api/exams/manage?courseId=${COURSE}`, s.cookie)).statusCode).toBe(403);
    const blank = (await call('GET', '/api/exams/blank-question?type=mcq', guide)).json();
    expect(blank).toMatchObject({ type: 'mcq', points: 10, options: ['', '', '', ''], correctOption: 0 });
  });

  it('checks an edit on the server: a duration that is not a number is 60, a broken mcq is named', async () => {
    const c = (await call('POST', '/api/exams', guide, { courseId: COURSE, week: 3 })).json();
    const ok = await call('PUT', `/api/exams/${c.id}`, guide, { title: 'W3', duration: 'soon', questions: [] });
    expect(ok.json().duration).toBe(60);
    const bad = await call('PUT', `/api/exams/${c.id}`, guide, {
      title: 'W3',
      duration: 20,
      questions: [{ id: 'x', type: 'mcq', prompt: 'p', points: 5, options: ['a', 'b'], correctOption: 4 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/correctOption: Choose which option is correct/);
    expect((await call('DELETE', `/api/exams/${c.id}`, guide)).json()).toEqual({ deleted: true });
  });

  it('locks an exam until enough lectures are completed, on the list and on the server', async () => {
    const s = await studentWith(5);
    const card = (await call('GET', `/api/exams?courseId=${COURSE}`, s.cookie)).json().exams.find((e: { id: string }) => e.id === examId);
    expect(card).toMatchObject({ locked: true, remainingLectures: 2, status: 'not-started', questionCount: 4, maxGrade: 40 });
    const refused = await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Complete 2 more lecture(s) to unlock.');
  });

  it('starts the clock on the server at first open, and never sends a key to the student', async () => {
    const s = await studentWith(7);
    const opened = await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json();
    expect(view.startedAt).toBe(t.clock.now().toISOString());
    expect(Date.parse(view.deadline) - Date.parse(view.startedAt)).toBe(30 * 60_000);
    expect(view.serverNow).toBe(t.clock.now().toISOString());
    expect(JSON.stringify(view)).not.toMatch(/correctOption|expectedOutput|modelAnswer|tests|A name bound|print\(2 \* 3\)/);
    expect(view.questions.map((q: { type: string }) => q.type)).toEqual(['mcq', 'short-answer', 'debug', 'code']);
    expect(view.questions[2].buggyCode).toBe('print(2 * 4)\n');
    // A second open is the same attempt: the clock does not restart.
    t.clock.advance(60_000);
    expect((await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json().startedAt).toBe(view.startedAt);
    const list = (await call('GET', `/api/exams?courseId=${COURSE}`, s.cookie)).json().exams;
    expect(JSON.stringify(list)).not.toMatch(/correctOption|modelAnswer/);
  });

  it('keeps the newest save: an older one arriving late changes nothing', async () => {
    const s = await studentWith(7);
    // Before the exam is opened there is nothing to save into; an unknown exam is named as such.
    const early = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 1, answers: { q1: 1 } });
    expect([early.statusCode, early.json().message]).toEqual([404, 'Open the exam first.']);
    const nowhere = await call('PUT', `/api/exams/exam_missing/attempt/answers`, s.cookie, { seq: 1, answers: {} });
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([404, 'Exam not found']);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    const newer = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 2, answers: { q1: 1, q2: 'newer' } });
    expect(newer.json()).toMatchObject({ seq: 2, stale: false });
    const older = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 1, answers: { q1: 0, q2: 'older' } });
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ seq: 2, stale: true });
    const view = (await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json();
    expect(view.answers).toEqual({ q1: 1, q2: 'newer' });
    expect(view.seq).toBe(2);
    const unknown = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 3, answers: { nope: 'x' } });
    expect(unknown.statusCode).toBe(400);
    // A sequence number past what the column holds is refused, not a 500 on PostgreSQL.
    expect((await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 3_000_000_000, answers: {} })).statusCode).toBe(400);
  });

  it('holds the deadline against a client that lies about the time: late saves refused, the attempt submitted', async () => {
    const s = await studentWith(7);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    // Whatever time the page claims, the server's clock decides: a save just inside the grace is kept...
    t.clock.advance(30 * 60_000 + 5_000);
    const inGrace = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, {
      seq: 1,
      answers: { q2: 'just in time' },
      clientTime: '2020-01-01',
    } as object);
    expect(inGrace.statusCode).toBe(200);
    // ...one after it is refused, and the attempt is submitted with what was saved in time.
    t.clock.advance(10_000);
    const late = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 2, answers: { q2: 'too late' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Time's up/);
    const view = (await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json();
    expect(view).toMatchObject({ status: 'submitted', submittedBy: 'server', answers: { q2: 'just in time' } });
  });

  it("a started exam's card says the time left on the server's clock", async () => {
    const s = await studentWith(7);
    const before = (await call('GET', `/api/exams?courseId=${COURSE}`, s.cookie)).json().exams[0];
    expect(before).toMatchObject({ status: 'not-started', secondsLeft: null });
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    t.clock.advance(5 * 60_000);
    const card = (await call('GET', `/api/exams?courseId=${COURSE}`, s.cookie)).json().exams.find((e: { id: string }) => e.id === examId);
    expect(card).toMatchObject({ status: 'in-progress', secondsLeft: 25 * 60 });
    await call('POST', `/api/exams/${examId}/attempt/submit`, s.cookie, {});
  });

  it('Check runs a code answer against the sample test only: the sample is shown, hidden tests and points are not', async () => {
    const s = await studentWith(7);
    const view = (await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json();
    const q4 = view.questions.find((q: { id: string }) => q.id === 'q4');
    expect(q4.sample).toEqual({ input: '', expected: 'hello\n' });
    expect(JSON.stringify(view)).not.toContain('HIDDEN-INPUT-7');
    expect(view.questions.find((q: { id: string }) => q.id === 'q2').sample).toBeUndefined();
    const wrong = await call('POST', `/api/exams/${examId}/attempt/check`, s.cookie, { questionId: 'q4', code: 'print("hi")\n' });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toEqual({ passed: false, input: '', expected: 'hello\n', actual: 'hi\n', error: null });
    const right = await call('POST', `/api/exams/${examId}/attempt/check`, s.cookie, { questionId: 'q4', code: 'print("hello")\n' });
    expect(right.json()).toMatchObject({ passed: true, actual: 'hello\n' });
    expect(right.body).not.toContain('HIDDEN-INPUT-7');
    expect(right.body).not.toMatch(/points|hidden|total/);
    // Only code and debug questions with a sample; only while the attempt runs; only students.
    expect((await call('POST', `/api/exams/${examId}/attempt/check`, s.cookie, { questionId: 'q2', code: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `/api/exams/${examId}/attempt/check`, guide, { questionId: 'q4', code: 'x' })).statusCode).toBe(403);
    await call('POST', `/api/exams/${examId}/attempt/submit`, s.cookie, {});
    const late = await call('POST', `/api/exams/${examId}/attempt/check`, s.cookie, { questionId: 'q4', code: 'print("hello")' });
    expect(late.statusCode).toBe(409);
  });

  it('submits once: mcq graded on submit, First Exam badge, read-only afterwards', async () => {
    const s = await studentWith(7);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    const submitted = await call('POST', `/api/exams/${examId}/attempt/submit`, s.cookie, {
      seq: 1,
      answers: { q1: 1, q2: 'A name for a value', q3: 'print(2 * 3)\n', q4: 'print("hello")\n' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', submittedBy: 'student', grade: null, results: null });
    const again = await call('PUT', `/api/exams/${examId}/attempt/answers`, s.cookie, { seq: 5, answers: { q1: 0 } });
    expect(again.statusCode).toBe(409);
    const dash = (await call('GET', `/api/dashboard/student?courseId=${COURSE}`, s.cookie)).json();
    expect(dash.badges.map((b: { id: string }) => b.id)).toContain('badge_03');
    const pending = (await call('GET', `/api/exam-submissions?courseId=${COURSE}&status=pending`, guide)).json().submissions;
    const mine = pending.find((p: { studentId: string }) => p.studentId === s.id);
    expect(mine.autoPoints).toEqual({ q1: 10, q2: null, q3: null, q4: null });
    expect(mine.questions[0].correctOption).toBe(1); // the guide sees keys
  });

  it('grades within 0..points; full marks award Perfect Score; the student then sees points, keys and feedback', async () => {
    const s = await studentWith(7);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    await call('POST', `/api/exams/${examId}/attempt/submit`, s.cookie, {
      seq: 1,
      answers: { q1: 1, q2: 'x', q3: 'print(6)', q4: 'print("hello")' },
    });
    const id = (await call('GET', `/api/exam-submissions?courseId=${COURSE}`, guide))
      .json()
      .submissions.find((p: { studentId: string }) => p.studentId === s.id).id;
    const tooMuch = await call('PUT', `/api/exam-submissions/${id}/grade`, guide, { scores: { q1: 10, q2: 11, q3: 10, q4: 10 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/between 0 and 10/);
    expect((await call('PUT', `/api/exam-submissions/${id}/grade`, s.cookie, { scores: {} })).statusCode).toBe(403);
    const graded = await call('PUT', `/api/exam-submissions/${id}/grade`, guide, {
      scores: { q1: 10, q2: 10, q3: 10, q4: 10 },
      feedback: 'Well done',
    });
    expect(graded.json()).toMatchObject({ status: 'graded', grade: 40, maxGrade: 40, feedback: 'Well done' });
    const view = (await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json();
    expect(view).toMatchObject({ status: 'graded', grade: 40, feedback: 'Well done', results: { q1: { points: 10, correctOption: 1 } } });
    const dash = (await call('GET', `/api/dashboard/student?courseId=${COURSE}`, s.cookie)).json();
    expect(dash.badges.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining(['badge_02', 'badge_03']));
    expect(dash.recentGrades[0]).toMatchObject({ kind: 'exam', title: 'Week 1 Exam', grade: '40/40', numeric: 100 });
  });

  it('guards editing and deleting an exam that has attempts, saying what changes for whom', async () => {
    const view = (await call('GET', `/api/exams/manage?courseId=${COURSE}`, guide))
      .json()
      .exams.find((e: { id: string }) => e.id === examId);
    expect(view.attempts.submitted + view.attempts.graded).toBeGreaterThan(0);
    const edit = await call('PUT', `/api/exams/${examId}`, guide, { title: 'Week 1 Assessment', duration: 30, questions });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/submission\(s\) keep their answers/);
    expect(
      (await call('PUT', `/api/exams/${examId}`, guide, { title: 'Week 1 Assessment', duration: 30, questions, confirmStarted: true }))
        .statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/exams/${examId}`, guide)).statusCode).toBe(409);
  });

  it('submits an abandoned attempt exactly once, with two instances running the job at the same moment', async () => {
    const s = await studentWith(7);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    const other = await t.restartComposed();
    const events: LiveEvent[] = [];
    const off = t.deps.pubsub.subscribe((e) => e.type === 'exam.submitted' && e.studentId === s.id && events.push(e));
    t.clock.advance(31 * 60_000);
    const [a, b] = await Promise.all([t.services.exams.attempts.submitOverdue(), other.services.exams.attempts.submitOverdue()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(events).toHaveLength(1);
    off();
    await other.app.close();
    expect((await call('POST', `/api/exams/${examId}/attempt`, s.cookie)).json()).toMatchObject({
      status: 'submitted',
      submittedBy: 'server',
    });
  });

  it('awards Bug Squasher once five debug questions are solved with full points', async () => {
    const c = (await call('POST', '/api/exams', guide, { courseId: 'course_c_01', week: 1 })).json();
    const debug = Array.from({ length: 5 }, (_, i) => ({
      id: `d${i}`,
      type: 'debug',
      prompt: `Fix ${i}`,
      points: 4,
      buggyCode: 'int main(void) { return 1 }',
    }));
    expect((await call('PUT', `/api/exams/${c.id}`, guide, { title: 'Bugs', duration: 30, questions: debug })).statusCode).toBe(200);
    const s = await t.createUser({ role: 'student' });
    const days = Array.from({ length: 7 }, (_, i) => `c-cpp-day-${i + 1}`);
    await grant(t, guide, s.id, days, ['explanation']);
    const cookie = await t.login(s.email, s.password);
    for (const d of days) await call('POST', `/api/lectures/${d}/complete`, cookie);
    await call('POST', `/api/exams/${c.id}/attempt`, cookie);
    await call('POST', `/api/exams/${c.id}/attempt/submit`, cookie, {});
    const id = (await call('GET', '/api/exam-submissions?courseId=course_c_01', guide))
      .json()
      .submissions.find((p: { studentId: string }) => p.studentId === s.id).id;
    const badges = async () =>
      (await call('GET', '/api/dashboard/student?courseId=course_c_01', cookie)).json().badges.map((b: { id: string }) => b.id);
    // Four solved: not yet.
    await call('PUT', `/api/exam-submissions/${id}/grade`, guide, { scores: { d0: 4, d1: 4, d2: 4, d3: 4, d4: 3 } });
    expect(await badges()).not.toContain('badge_06');
    await call('PUT', `/api/exam-submissions/${id}/grade`, guide, { scores: { d0: 4, d1: 4, d2: 4, d3: 4, d4: 4 } });
    expect(await badges()).toContain('badge_06');
  });

  it('refuses an explanation to a student during an attempt', async () => {
    const s = await studentWith(7);
    await call('POST', `/api/exams/${examId}/attempt`, s.cookie);
    const r = await call('POST', '/api/explain', s.cookie, { code: 'print(1)', language: 'python' });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Explanations are not available during an exam.');
  });
});
