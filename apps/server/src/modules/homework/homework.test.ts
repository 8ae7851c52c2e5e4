import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonTask } from '@learn/content';
import { parseCsv, type LiveEvent } from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { assignmentFor } from './repository.js';
import { CLAIM_MS } from './grader.js';

/** Homework against the real sandbox and database: what a student sees, resubmits, grades, a restart. */
const LECTURE = 'c-cpp-day-3';

const WRONG = '#include <stdio.h>\nint main(void){ printf("nothing useful\\n"); return 0; }\n';

describe.each(engines)('homework API (%s)', (engine) => {
  let t: TestApp;
  let student: string;
  let other: string;
  let guide: string;
  let studentId: string;
  let studentEmail: string;
  let taskIndex: number;
  let task: LessonTask;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { RUNNER_CONCURRENCY: '2' });
    const s = await t.createUser({ role: 'student' });
    const o = await t.createUser({ role: 'student' });
    studentId = s.id;
    studentEmail = s.email;
    student = await t.login(s.email, s.password);
    other = await t.login(o.email, o.password);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const granted = await t.app.inject({
      method: 'PUT',
      url: '/api/access',
      headers: { cookie: guide },
      payload: { changes: [{ studentId: s.id, lectureId: LECTURE, kind: 'assignment', granted: true }] },
    });
    expect(granted.statusCode).toBe(200);
    const tasks = (await assignmentFor(t.deps.db, LECTURE))!.tasks;
    taskIndex = tasks.findIndex((x) => x.type === 'homework' && (x.tests?.length ?? 0) >= 2);
    task = tasks[taskIndex]!;
    expect(taskIndex).toBeGreaterThanOrEqual(0);
    t.deps.pubsub.subscribe((e) => events.push(e));
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const submit = (code: string, cookie = student) =>
    req('POST', '/api/homework/submissions', cookie, { lectureId: LECTURE, taskIndex, code });

  it('lists granted tasks with the first test as a sample; hidden tests and the solution never reach the student', async () => {
    const res = await req('GET', '/api/homework?courseId=course_c_01', student);
    expect(res.statusCode).toBe(200);
    const lecture = res.json().lectures.find((l: { lectureId: string }) => l.lectureId === LECTURE);
    const view = lecture.tasks[taskIndex];
    expect(view).toMatchObject({
      type: 'homework',
      language: 'c',
      sample: { input: task.tests![0]!.stdin, expected: task.tests![0]!.expectedOutput },
      hiddenCount: task.tests!.length - 1,
      hints: task.hints,
      submission: null,
    });
    expect(view.hints.length).toBeGreaterThan(0);
    expect(view).not.toHaveProperty('tests');
    expect(res.body).not.toContain('"solution"');
    if (task.solution) expect(res.body).not.toContain(JSON.stringify(task.solution).slice(1, -1));
    for (const hidden of task.tests!.slice(1)) {
      if (hidden.stdin.trim() && hidden.stdin !== task.tests![0]!.stdin)
        expect(res.body).not.toContain(JSON.stringify(hidden.stdin).slice(1, -1));
    }
    // Another student without the grant sees nothing of this lecture.
    const theirs = await req('GET', '/api/homework?courseId=course_c_01', other);
    expect(theirs.json().lectures.map((l: { lectureId: string }) => l.lectureId)).not.toContain(LECTURE);
  });

  it('checks on the spot: the sample with input, expected and actual; hidden tests only as counts', async () => {
    const wrong = await req('POST', '/api/homework/check', student, { lectureId: LECTURE, taskIndex, code: WRONG });
    expect(wrong.statusCode).toBe(200);
    const body = wrong.json();
    expect(body).toMatchObject({ compileOk: true, hiddenPassed: 0, hiddenTotal: task.tests!.length - 1, passed: 0 });
    expect(body.sample).toMatchObject({
      passed: false,
      input: task.tests![0]!.stdin,
      expected: task.tests![0]!.expectedOutput,
      actual: 'nothing useful\n',
    });
    expect(Object.keys(body)).not.toContain('tests');
    const right = await req('POST', '/api/homework/check', student, { lectureId: LECTURE, taskIndex, code: task.solution! });
    expect(right.json()).toMatchObject({ passed: task.tests!.length, hiddenPassed: task.tests!.length - 1, sample: { passed: true } });
  });

  it("keeps each check as the task's progress: pass/fail per test, solved once all passed, across later failures", async () => {
    const progressOf = async () =>
      (await req('GET', '/api/homework?courseId=course_c_01', student))
        .json()
        .lectures.find((l: { lectureId: string }) => l.lectureId === LECTURE).tasks[taskIndex].progress;
    const n = task.tests!.length;
    // The previous test checked a wrong answer and then the solution: the solution's check is the latest.
    const solved = await progressOf();
    expect(solved).toMatchObject({ results: Array(n).fill(true), passed: n, total: n, checkedAt: t.clock.now().toISOString() });
    expect(solved.solvedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    await req('POST', '/api/homework/check', student, { lectureId: LECTURE, taskIndex, code: WRONG });
    const later = await progressOf();
    expect(later).toMatchObject({
      results: Array(n).fill(false),
      passed: 0,
      checkedAt: t.clock.now().toISOString(),
      solvedAt: solved.solvedAt,
    });
    // Progress is per student: the other student (no grant) cannot check and has none.
    expect((await req('POST', '/api/homework/check', other, { lectureId: LECTURE, taskIndex, code: WRONG })).statusCode).toBe(403);
    const rows = await t.deps.db.selectFrom('homework_checks').selectAll().where('lecture_id', '=', LECTURE).execute();
    expect(rows.map((r) => r.student_id)).toEqual([studentId]);
  });

  it('refuses blank code, code over 64 KiB and a student without the grant', async () => {
    const blank = await submit('   \n');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Write your answer before submitting.');
    expect((await submit(`// ${'x'.repeat(64 * 1024)}`)).json().message).toBe('Code is longer than 64 KiB.');
    expect((await submit(WRONG, other)).statusCode).toBe(403);
  });

  it('answers at once, grades in the background, replaces on resubmit and keeps the history', async () => {
    const first = await submit(WRONG);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ autogradeStatus: 'queued', grade: null });
    await t.services.grader.idle();
    const second = await submit(task.solution!);
    expect(second.statusCode).toBe(201);
    await t.services.grader.idle();

    const mine = (await req('GET', '/api/homework?courseId=course_c_01', student)).json();
    const sub = mine.lectures.find((l: { lectureId: string }) => l.lectureId === LECTURE).tasks[taskIndex].submission;
    expect(sub).toMatchObject({
      id: second.json().id,
      autogradeStatus: 'done',
      passed: task.tests!.length,
      total: task.tests!.length,
      grade: null,
    });
    expect(sub.proposedGrade).toBeNull();
    expect(
      sub.tests
        .filter((x: { hidden: boolean }) => x.hidden)
        .every((x: object) => !('input' in x) && !('expected' in x) && !('actual' in x)),
    ).toBe(true);

    const review = await req('GET', '/api/homework/submissions?courseId=course_c_01&status=pending', guide);
    expect(review.statusCode).toBe(200);
    const subs = review.json().submissions.filter((s: { studentId: string }) => s.studentId === studentId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ id: second.json().id, proposedGrade: 'A', autogradeStatus: 'done' });
    expect(subs[0].tests[1]).toMatchObject({ hidden: true, input: task.tests![1]!.stdin, expected: task.tests![1]!.expectedOutput });
    expect(subs[0].history).toHaveLength(1);
    expect(subs[0].history[0]).toMatchObject({ id: first.json().id, code: WRONG, passed: 0, proposedGrade: 'F' });
    expect(events).toContainEqual({ type: 'homework.autograded', studentId, submissionId: second.json().id, courseId: 'course_c_01' });
  });

  it('lets only guides grade; the grade reaches the student live and leaves the pending list', async () => {
    const current = (await req('GET', '/api/homework/submissions?courseId=course_c_01', guide))
      .json()
      .submissions.find((s: { studentId: string }) => s.studentId === studentId);
    const url = `/api/homework/submissions/${current.id}/grade`;
    expect((await req('PUT', url, student, { grade: 'A', feedback: 'me' })).statusCode).toBe(403);
    expect((await req('PUT', url, guide, { grade: 'E' })).statusCode).toBe(400);
    const graded = await req('PUT', url, guide, { grade: 'B', feedback: 'Good, tidy the output.' });
    expect(graded.statusCode).toBe(200);
    expect(graded.json()).toMatchObject({ grade: 'B', feedback: 'Good, tidy the output.' });
    expect(events).toContainEqual({ type: 'homework.graded', studentId, submissionId: current.id, courseId: 'course_c_01' });
    const mine = (await req('GET', '/api/homework?courseId=course_c_01', student)).json();
    expect(mine.lectures.find((l: { lectureId: string }) => l.lectureId === LECTURE).tasks[taskIndex].submission).toMatchObject({
      grade: 'B',
    });
    const pending = (await req('GET', '/api/homework/submissions?courseId=course_c_01&status=pending', guide)).json();
    expect(pending.submissions.some((s: { id: number }) => s.id === current.id)).toBe(false);
    // The dashboards show it: Recent Grades for the student, the pending count for guides.
    const dash = (await req('GET', '/api/dashboard/student?courseId=course_c_01', student)).json();
    expect(dash.recentGrades[0]).toMatchObject({ kind: 'homework', grade: 'B', numeric: null });
    const home = (await req('GET', '/api/dashboard/guide?courseId=course_c_01', guide)).json();
    expect(home.pendingHomework).toBe(pending.submissions.length);
  });

  it('exports the gradebook as CSV to guides: quoted cells, formulas disarmed, the letter, state and date', async () => {
    await t.createUser({ role: 'student', name: '=HYPERLINK("http://x","y")' });
    await t.createUser({ role: 'student', name: 'Lee, "Jo"' });
    await t.createUser({ role: 'student', name: 'Zoë 李\nsecond line' });
    expect((await req('GET', '/api/homework/gradebook.csv?courseId=course_c_01', student)).statusCode).toBe(403);
    expect((await req('GET', '/api/homework/gradebook.csv?courseId=course_x', guide)).statusCode).toBe(404);
    const res = await req('GET', '/api/homework/gradebook.csv?courseId=course_c_01', guide);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gradebook-course_c_01.csv"');
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(body).map((r) => r.cells);
    const header = rows[0]!;
    const assignment = (await assignmentFor(t.deps.db, LECTURE))!;
    const label = `Day ${assignment.day} ${assignment.title} (task ${taskIndex + 1})`;
    const col = header.indexOf(`${label} grade`);
    expect(col).toBeGreaterThan(1);
    expect(header.slice(col, col + 3)).toEqual([`${label} grade`, `${label} status`, `${label} date`]);
    expect(rows.every((r) => r.length === header.length)).toBe(true);
    const mine = rows.find((r) => r[1] === studentEmail)!;
    expect(mine.slice(col, col + 3)).toEqual(['B', 'Graded', t.clock.now().toISOString().slice(0, 10)]);
    // Formula-looking names are disarmed with an apostrophe; commas and quotes survive the round trip.
    expect(rows.map((r) => r[0])).toContain(`'=HYPERLINK("http://x","y")`);
    expect(body).toContain(`"'=HYPERLINK(""http://x"",""y"")",`);
    const lee = rows.find((r) => r[0] === 'Lee, "Jo"')!;
    expect(lee.slice(col, col + 3)).toEqual(['', 'Not submitted', '']);
    expect(rows.map((r) => r[0])).toContain('Zoë 李\nsecond line');
  });

  it('finishes grading a stopped server left unfinished when the next app starts on the same database', async () => {
    const res = await submit(task.solution!);
    await t.services.grader.idle();
    const id = res.json().id as number;
    const home = (await req('GET', '/api/dashboard/guide?courseId=course_c_01', guide)).json();
    expect(home.pendingHomework).toBeGreaterThanOrEqual(1);
    // The state a server stopped mid-grading leaves: one row 'running' without results.
    await t.deps.db
      .updateTable('homework_submissions')
      .set({
        autograde_status: 'running',
        test_results: null,
        proposed_grade: null,
        passed: null,
        claimed_by: 'a-server-that-crashed',
        claimed_until: new Date(t.clock.now().getTime() + CLAIM_MS).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const second = await t.restartComposed();
    try {
      // Its claim still runs: the new server leaves the row alone (the crashed one might only be slow)...
      await second.services.grader.idle();
      const held = await t.deps.db.selectFrom('homework_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(held).toMatchObject({ autograde_status: 'running', claimed_by: 'a-server-that-crashed' });
      // ...and takes it over once the claim has run out (the scheduler runs resume every minute).
      t.clock.advance(CLAIM_MS + 1000);
      await second.services.grader.resume();
      await second.services.grader.idle();
    } finally {
      await second.app.close();
    }
    const row = await t.deps.db.selectFrom('homework_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ autograde_status: 'done', proposed_grade: 'A', passed: task.tests!.length, claimed_by: null });
  });

  it('limits submissions per user per minute with 429', async () => {
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) status = (await submit(WRONG)).statusCode;
    expect(status).toBe(429);
    await t.services.grader.idle();
  });
});
