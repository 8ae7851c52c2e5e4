import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';
import { seed } from '../../db/seed.js';

describe.each(engines)('courses and lectures (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let student: { id: string; cookie: string };
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const s = await t.createUser({ role: 'student' });
    student = { id: s.id, cookie: await t.login(s.email, s.password) };
  });
  afterAll(() => t.close());

  it('imports the 100 lessons and their assignments once', async () => {
    const count = async (table: 'lectures' | 'assignments') =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('lectures')).toBe(100);
    expect(await count('assignments')).toBe(100);
    await seed(t.deps);
    expect(await count('lectures')).toBe(100);
    const res = await get('/api/courses?prefix=c-cpp', student.cookie);
    expect(res.json().courses).toEqual([
      { id: 'course_c_01', prefix: 'c-cpp', title: 'C Programming', lectureCount: 25 },
      { id: 'course_cpp_01', prefix: 'c-cpp', title: 'C++ Programming', lectureCount: 25 },
    ]);
  });

  it('lists a course for the sidebar: students see what they may open, guides everything', async () => {
    await grant(t, guide, student.id, ['python-day-2'], ['code']);
    const mine = (await get('/api/courses/course_python_01/lectures', student.cookie)).json();
    expect(mine.lectures).toHaveLength(50);
    expect(mine.lectures[0]).toEqual({ id: 'python-day-1', day: 1, title: 'Introduction to Python', accessible: false, completed: false });
    expect(mine.lectures.filter((l: { accessible: boolean }) => l.accessible).map((l: { id: string }) => l.id)).toEqual(['python-day-2']);
    const theirs = (await get('/api/courses/course_python_01/lectures', guide)).json();
    expect(theirs.lectures.every((l: { accessible: boolean }) => l.accessible)).toBe(true);
    expect((await get('/api/courses/nope/lectures', guide)).statusCode).toBe(404);
  });

  it('sends only the sections a student holds a grant for, and follows grants and revocations at once', async () => {
    expect((await get('/api/lectures/c-cpp-day-1', student.cookie)).statusCode).toBe(403);
    expect((await get('/api/lectures/c-cpp-day-999', student.cookie)).statusCode).toBe(404);

    await grant(t, guide, student.id, ['c-cpp-day-1'], ['explanation']);
    let view = (await get('/api/lectures/c-cpp-day-1', student.cookie)).json();
    expect(view).toMatchObject({ id: 'c-cpp-day-1', day: 1, courseTitle: 'C Programming', title: 'Introduction to C', completed: false });
    expect(view.access).toEqual({ explanation: true, code: false, assignment: false });
    expect(view.detailedContent.length).toBeGreaterThan(0);
    expect(view).not.toHaveProperty('codeContent');
    expect(view).not.toHaveProperty('tasks');
    expect(view.keyConcepts.length).toBeGreaterThanOrEqual(4);
    expect(view.quickQuiz[0]).not.toHaveProperty('correctAnswer');

    await grant(t, guide, student.id, ['c-cpp-day-1'], ['code', 'assignment']);
    view = (await get('/api/lectures/c-cpp-day-1', student.cookie)).json();
    expect(view.codeContent.length).toBeGreaterThan(0);
    expect(view.tasks.length).toBeGreaterThan(0);

    await grant(t, guide, student.id, ['c-cpp-day-1'], ['code'], false);
    view = (await get('/api/lectures/c-cpp-day-1', student.cookie)).json();
    expect(view).not.toHaveProperty('codeContent');
    expect(view.access.code).toBe(false);
  });

  it('never sends a reference solution, tests or the quiz key to a student', async () => {
    const all = (await get('/api/courses/course_cpp_01/lectures', guide)).json().lectures.map((l: { id: string }) => l.id);
    await grant(t, guide, student.id, all, ['explanation', 'code', 'assignment']);
    for (const id of all) {
      const res = await get(`/api/lectures/${id}`, student.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/"solution"|"tests"|"correctAnswer"|"autogradeReason"/);
    }
    const guideView = (await get('/api/lectures/c-cpp-day-30', guide)).json();
    expect(guideView.access).toEqual({ explanation: true, code: true, assignment: true });
    expect(JSON.stringify(guideView)).not.toMatch(/"solution"/);
  });

  it('checks quiz answers on the server', async () => {
    await grant(t, guide, student.id, ['python-day-3'], ['explanation']);
    const edit = (await get('/api/lectures/python-day-3/edit', guide)).json();
    const key = edit.quickQuiz[0].correctAnswer as number;
    const check = (answer: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/lectures/python-day-3/quiz/0/check',
        headers: { cookie: student.cookie },
        payload: { answer },
      });
    expect((await check(key)).json()).toEqual({ correct: true });
    const wrong = await check((key + 1) % 4);
    expect(wrong.json()).toEqual({ correct: false });
    expect(wrong.body).not.toMatch(/correctAnswer/);
    expect((await check(7)).statusCode).toBe(400);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/lectures/python-day-9/quiz/0/check',
      headers: { cookie: student.cookie },
      payload: { answer: 0 },
    });
    expect(locked.statusCode).toBe(403);
  });

  it('lets a guide edit a lecture, refusing JSON that breaks the schema with the field named, and logs it', async () => {
    const before = (await get('/api/lectures/python-day-2/edit', guide)).json();
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/lectures/python-day-2/edit',
      headers: { cookie: guide },
      payload: { ...before, detailedContent: [{ type: 'callout', icon: 'rocket', text: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^detailedContent\.0\.icon: /);
    expect((await get('/api/lectures/python-day-2/edit', guide)).json().title).toBe(before.title);

    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/lectures/python-day-2/edit',
      headers: { cookie: guide },
      payload: { ...before, title: 'Variables, Input and Output (revised)', keyConcepts: ['One', 'Two'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Variables, Input and Output (revised)', keyConcepts: ['One', 'Two'] });
    expect(ok.json().updatedAt).toBe(t.clock.now().toISOString());
    await grant(t, guide, student.id, ['python-day-2'], ['explanation']);
    expect((await get('/api/lectures/python-day-2', student.cookie)).json().title).toBe('Variables, Input and Output (revised)');
    const log = await t.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'lecture.update').execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.details!).changed).toEqual(['title', 'keyConcepts']);

    // The edit survives a restart's re-import.
    await seed(t.deps);
    expect((await get('/api/lectures/python-day-2/edit', guide)).json().title).toBe('Variables, Input and Output (revised)');
    const asStudent = await t.app.inject({
      method: 'PUT',
      url: '/api/lectures/python-day-2/edit',
      headers: { cookie: student.cookie },
      payload: before,
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it("lets a guide edit a lecture's tasks, keeping the reference solution of an unchanged task", async () => {
    const before = (await get('/api/lectures/c-cpp-day-5/assignment', guide)).json();
    expect(before.tasks[0].autograded).toBe(true);
    const tasks = before.tasks.map((t: { type: string; content: string; initialCode?: string }) => ({
      type: t.type,
      content: t.content,
      initialCode: t.initialCode,
    }));
    tasks[0].content = 'Reworded task text.';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/lectures/c-cpp-day-5/assignment',
      headers: { cookie: guide },
      payload: { tasks },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().tasks[0]).toMatchObject({ content: 'Reworded task text.', autograded: true, testCount: before.tasks[0].testCount });
    const stored = await t.deps.db
      .selectFrom('assignments')
      .select('tasks')
      .where('lecture_id', '=', 'c-cpp-day-5')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.tasks)[0].solution).toBeTruthy();
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: '/api/lectures/c-cpp-day-5/assignment',
      headers: { cookie: guide },
      payload: { tasks: [...tasks, ...tasks] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most two tasks/);
  });

  it('applies an access change set in one transaction: one bad row changes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/access',
      headers: { cookie: guide },
      payload: {
        changes: [
          { studentId: student.id, lectureId: 'python-day-40', kind: 'code', granted: true },
          { studentId: 'user_student_missing', lectureId: 'python-day-40', kind: 'code', granted: true },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unknown student/);
    expect((await get('/api/lectures/python-day-40', student.cookie)).statusCode).toBe(403);
  });
});

describe('task tests follow the task they were edited from', () => {
  it('keeps task 2 its own tests when task 1 is removed, and gives a new task none', async () => {
    const t = await createTestApp('sqlite');
    try {
      const guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
      const url = '/api/lectures/python-day-12/assignment';
      const before = (await t.app.inject({ url, headers: { cookie: guide } })).json();
      expect(before.tasks).toHaveLength(2);
      const stored = async () =>
        JSON.parse(
          (await t.deps.db.selectFrom('assignments').select('tasks').where('lecture_id', '=', 'python-day-12').executeTakeFirstOrThrow())
            .tasks,
        );
      const secondTests = (await stored())[1].tests;
      const t2 = before.tasks[1];
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie: guide },
        payload: {
          tasks: [
            { type: t2.type, content: t2.content, initialCode: t2.initialCode, from: 1 },
            { type: 'exercise', content: 'A new one', from: null },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().tasks.map((x: { autograded: boolean; testCount: number }) => [x.autograded, x.testCount])).toEqual([
        [true, before.tasks[1].testCount],
        [false, 0],
      ]);
      expect((await stored())[0].tests).toEqual(secondTests);
    } finally {
      await t.close();
    }
  });
});
