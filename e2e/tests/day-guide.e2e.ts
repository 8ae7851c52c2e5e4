import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createStudent,
  GUIDE,
  go,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  studentApi,
  studentWithLectures,
  type GuideApi,
  type Running,
  type TestStudent,
} from '../support/harness.js';

/**
 * Issue 26, a guide's day without a rough edge: a class behind one address signs in, roster import shows
 * the passwords, and Student Progress shows the homework and exams the student sees. At 1366x900 and 390x844.
 */
describe("a guide's day without a rough edge (issue 26)", () => {
  let app: Running;
  let api: GuideApi;
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
  });
  after(() => app?.stop());

  /** Lena: seven Python lectures, the week-1 exam taken and graded 20/20. */
  async function gradedStudent(): Promise<TestStudent> {
    const exam = await api<{ id: string }>('POST', 'exams', { courseId: 'course_python_01', week: 1 });
    await api('PUT', `exams/${exam.id}`, {
      title: 'Week 1 Assessment',
      duration: 30,
      questions: [
        { id: 'q1', type: 'mcq', prompt: 'What does print(2 + 3) show?', points: 10, options: ['23', '5'], correctOption: 1 },
        { id: 'q2', type: 'short-answer', prompt: 'What is a variable?', points: 10 },
      ],
    });
    const student = await studentWithLectures(app, api, 'Lena Laptop', 'lena@example.com', 'python', 7);
    const as = await studentApi(app, student);
    await as('POST', `exams/${exam.id}/attempt`);
    await as('POST', `exams/${exam.id}/attempt/submit`, { seq: 1, answers: { q1: 1, q2: 'A name for a value.' } });
    const pending = await api<{ submissions: { id: number; studentId: string }[] }>('GET', 'exam-submissions?courseId=course_python_01');
    const mine = pending.submissions.find((s) => s.studentId === student.id)!;
    await api('PUT', `exam-submissions/${mine.id}/grade`, { scores: { q1: 10, q2: 10 }, feedback: 'Full marks.' });
    return student;
  }

  it('a class of 40 behind one address signs in; the last two through the browser', async () => {
    const klass: TestStudent[] = [];
    for (let i = 0; i < 40; i++) klass.push(await createStudent(api, `Class Student ${i + 1}`, `class-${i + 1}@example.com`));
    // Everyone here comes from 127.0.0.1, as a school behind one network address would.
    for (const s of klass.slice(0, 38)) {
      const r = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: s.email, password: s.password }),
      });
      assert.equal(r.status, 200, `${s.email} answered ${r.status}`);
    }
    for (const [i, size] of (['laptop', 'phone'] as const).entries()) {
      const s = klass[38 + i]!;
      const { page, context } = await newPage(app, size);
      await signIn(page, 'python', s.email, s.password);
      await page.waitForURL(/#\/python\/student$/);
      await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
      await screenshot(page, `day-class-signed-in-${size}`);
      await context.close();
    }
    // A guess from the same address is still answered as a guess.
    const guess = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: klass[0]!.email, password: 'not-the-password' }),
    });
    assert.equal(guess.status, 401);
  });

  it('roster import shows the new passwords in the dialog and warns before closing them away', async () => {
    for (const size of ['laptop', 'phone'] as const) {
      const { page, context } = await newPage(app, size);
      await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/c-cpp\/guide$/);
      await go(page, 'c-cpp/manage-students');
      await page.getByRole('button', { name: 'Import from CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import students from a CSV file' });
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'roster.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`name,email,batch\nRita Roster,rita-${size}@example.com,\nRon Roster,ron-${size}@example.com,\n`),
      });
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await dialog.getByRole('button', { name: 'Import 2 students' }).click();
      const table = dialog.getByRole('table', { name: 'New students and their passwords' });
      await table.getByText(`rita-${size}@example.com`).waitFor();
      assert.equal(await table.locator('tbody tr').count(), 2);
      await dialog.getByRole('button', { name: 'Copy passwords' }).waitFor();
      assert.deepEqual(await seriousViolations(page), []);
      // The dialog as seen (a full-page shot would be mostly the roster behind it).
      await page.screenshot({ path: `${process.cwd()}/screenshots/day-roster-passwords-${size}.png` });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.getByText('The passwords are not saved yet').waitFor();
      await dialog.getByRole('button', { name: 'Close anyway' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    }
  });

  it('Student Progress shows the homework and the exam the student sees', async () => {
    const student = await gradedStudent();
    // Homework: a submission on Python day 1, graded A with feedback.
    await api('PUT', 'access', { changes: [{ studentId: student.id, lectureId: 'python-day-1', kind: 'assignment', granted: true }] });
    const as = await studentApi(app, student);
    const sub = await as<{ id: number }>('POST', 'homework/submissions', {
      lectureId: 'python-day-1',
      taskIndex: 0,
      code: 'print("hello")\n',
    });
    await api('PUT', `homework/submissions/${sub.id}/grade`, { grade: 'A', feedback: 'Clear and correct.' });
    for (const size of ['laptop', 'phone'] as const) {
      const { page, context } = await newPage(app, size);
      await signIn(page, 'python', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/python\/guide$/);
      await go(page, 'python/student-progress');
      await page.getByRole('combobox', { name: 'Student' }).click();
      await page.getByRole('option', { name: 'Lena Laptop' }).click();
      const homework = page.getByRole('region', { name: 'Homework', exact: true });
      await homework.getByText('Clear and correct.').waitFor();
      await homework.getByText('Graded').waitFor();
      await homework.getByText('A', { exact: true }).waitFor();
      const exams = page.getByRole('region', { name: 'Exams', exact: true });
      await exams.getByText('20/20 (100%)').waitFor();
      await exams.getByRole('link', { name: 'Review Week 1 Assessment' }).waitFor();
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, `day-student-progress-${size}`);
      if (size === 'laptop') {
        await exams.getByRole('link', { name: 'Review Week 1 Assessment' }).click();
        await page.waitForURL(/#\/python\/grade-exams$/);
        await page.getByText(/Lena Laptop · Week 1/).waitFor();
        // The page names the course it grades.
        await page.getByTestId('page-course').getByText('Python Programming', { exact: false }).waitFor();
      }
      await context.close();
    }
  });
});
