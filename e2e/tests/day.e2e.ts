import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  closeBadgeDialog,
  go,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  studentWithLectures,
  type GuideApi,
  type Running,
} from '../support/harness.js';

/**
 * Issue 26, a student's day without a rough edge: exam cards that follow the student's actions at once,
 * every badge's dialog once, and an exam that feels like an exam. At 1366x900 and 390x844. The guide's
 * day (a class signing in, roster passwords, Student Progress) is in day-guide.e2e.ts.
 */

/** Which of two locators shows first: stale cached cards would show at once, before any reload. */
async function firstShown(page: Page, wanted: string, stale: RegExp): Promise<string> {
  const want = page.getByRole('button', { name: wanted, exact: true });
  const old = page.getByText(stale);
  await want.or(old).first().waitFor();
  return (await want.count()) > 0 ? wanted : ((await old.first().textContent()) ?? '');
}

describe('a day without a rough edge (issue 26)', () => {
  let app: Running;
  let api: GuideApi;
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
    const exam = await api<{ id: string }>('POST', 'exams', { courseId: 'course_python_01', week: 1 });
    await api('PUT', `exams/${exam.id}`, {
      title: 'Week 1 Assessment',
      duration: 30,
      questions: [
        { id: 'q1', type: 'mcq', prompt: 'What does print(2 + 3) show?', points: 10, options: ['23', '5'], correctOption: 1 },
        { id: 'q2', type: 'short-answer', prompt: 'What is a variable?', points: 10 },
      ],
    });
  });
  after(() => app?.stop());

  for (const size of ['laptop', 'phone'] as const) {
    it(`${size}: the exam card follows each action at once, and every badge shows its dialog once`, async () => {
      const name = size === 'laptop' ? 'Lena Laptop' : 'Pia Phone';
      const student = await studentWithLectures(app, api, name, `${size}-day@example.com`, 'python', 6);
      await api('PUT', 'access', { changes: [{ studentId: student.id, lectureId: 'python-day-7', kind: 'explanation', granted: true }] });
      const { page } = await newPage(app, size);
      await signIn(page, 'python', student.email, student.password);
      await page.waitForURL(/#\/python\/student$/);

      // Six lectures done: the week-1 exam is locked.
      await go(page, 'python/exams');
      await page.getByText('Complete 1 more lecture(s) to unlock.').waitFor();

      // The seventh, completed on its lecture page, unlocks it: the Exams page says so at once.
      await go(page, 'python/lecture/python-day-7');
      await page.getByRole('button', { name: 'Mark as Completed' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark as Completed' }).click();
      await page.getByText('Lecture Completed!').waitFor();
      await go(page, 'python/exams');
      assert.equal(await firstShown(page, 'Start Exam', /more lecture\(s\) to unlock/), 'Start Exam');
      assert.deepEqual(await seriousViolations(page), []);

      // Start Exam says what starting means before the clock runs.
      await page.getByRole('button', { name: 'Start Exam' }).click();
      const start = page.getByRole('dialog', { name: 'Start Week 1 Assessment?' });
      await start.getByText('You have 30 minutes. The clock starts now and keeps running until you submit', { exact: false }).waitFor();
      await screenshot(page, `day-start-exam-${size}`);
      await start.getByRole('button', { name: 'Start Exam' }).click();
      await page.getByRole('timer').waitFor();
      await page.getByRole('radio', { name: '5' }).check();
      await page.getByTestId('save-status').getByText('All answers saved').waitFor({ timeout: 15_000 });

      // Save & Exit: the card says Continue, with the time left, at once.
      await page.getByRole('button', { name: 'Save & Exit' }).click();
      await page.waitForURL(/#\/python\/exams$/);
      assert.equal(await firstShown(page, 'Continue', /^Start Exam$/), 'Continue');
      await page
        .getByTestId('exam-time-left')
        .getByText(/^(29|30) minutes left\. The clock keeps running until you submit\.$/)
        .waitFor();
      await screenshot(page, `day-exam-continue-${size}`);

      // Submitting: First Exam shows its dialog, and the card says Review at once.
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Question 2 answer').fill('A name for a value.');
      await page.getByRole('button', { name: 'Submit Final Answers' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Your answers are read-only now.', { exact: false }).waitFor();
      await page.getByRole('dialog', { name: 'Achievement Unlocked!' }).getByRole('heading', { name: 'First Exam' }).waitFor();
      await screenshot(page, `day-badge-first-exam-${size}`);
      await closeBadgeDialog(page, 'First Exam');
      await page.getByRole('button', { name: 'Back to exams' }).click();
      assert.equal(await firstShown(page, 'Review', /^Continue$/), 'Review');

      // A mate grades it with full marks while the student is elsewhere: Perfect Score shows on the next page.
      const submissions = await api<{ submissions: { id: number; studentId: string }[] }>(
        'GET',
        'exam-submissions?courseId=course_python_01&status=pending',
      );
      const mine = submissions.submissions.find((s) => s.studentId === student.id)!;
      await api('PUT', `exam-submissions/${mine.id}/grade`, { scores: { q1: 10, q2: 10 }, feedback: 'Full marks.' });
      await go(page, 'python/student');
      await page.getByRole('dialog', { name: 'Achievement Unlocked!' }).getByRole('heading', { name: 'Perfect Score' }).waitFor();
      await screenshot(page, `day-badge-perfect-score-${size}`);
      await closeBadgeDialog(page, 'Perfect Score');
      // Once: a reload asks again and nothing is left to show.
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/badges/unseen') && r.ok());
      await page.reload();
      const unseen = (await (await asked).json()) as { badges: unknown[] };
      assert.deepEqual(unseen.badges, []);
      assert.equal(await page.getByRole('dialog', { name: 'Achievement Unlocked!' }).count(), 0);
      await page.context().close();
    });
  }

  it('an exam feels like an exam: the code editor, Run, Check against the sample, the clock in view while scrolling', async () => {
    const exam = await api<{ id: string }>('POST', 'exams', { courseId: 'course_c_01', week: 1 });
    await api('PUT', `exams/${exam.id}`, {
      title: 'C Week 1',
      duration: 45,
      questions: [
        { id: 'q1', type: 'short-answer', prompt: 'What does a C program start with?', points: 5 },
        {
          id: 'q2',
          type: 'code',
          prompt: 'Print hello on its own line.',
          points: 10,
          starterCode: '#include <stdio.h>\n\nint main(void) {\n    return 0;\n}\n',
          tests: [
            { stdin: '', expectedOutput: 'hello\n' },
            { stdin: 'HIDDEN-E2E', expectedOutput: 'hello\n' },
          ],
        },
        { id: 'q3', type: 'short-answer', prompt: 'Name one C type.', points: 5 },
      ],
    });
    for (const size of ['laptop', 'phone'] as const) {
      const student = await studentWithLectures(app, api, `Cody ${size}`, `cody-${size}@example.com`, 'c-cpp', 7);
      const { page, context } = await newPage(app, size);
      await signIn(page, 'c-cpp', student.email, student.password);
      await page.waitForURL(/#\/c-cpp\/student$/);
      await go(page, 'c-cpp/exams');
      await page.getByRole('button', { name: 'Start Exam' }).click();
      await page.getByRole('dialog', { name: 'Start C Week 1?' }).getByRole('button', { name: 'Start Exam' }).click();
      const editor = page.getByRole('textbox', { name: 'Question 2 answer' });
      await editor.waitFor();
      await page.getByText('Sample test', { exact: true }).waitFor();
      // Check with the starter code: the sample fails, and nothing about other tests or points shows.
      await page.getByRole('button', { name: 'Check Question 2 against the sample test' }).click();
      await page.getByText('The sample test does not pass yet.').waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText('HIDDEN-E2E').count(), 0);
      await editor.fill('#include <stdio.h>\n\nint main(void) {\n    printf("hello\\n");\n    return 0;\n}\n');
      await page.getByRole('button', { name: 'Run Question 2' }).click();
      await page.getByText('Output', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Check Question 2 against the sample test' }).click();
      await page.getByText('The sample test passes.').waitFor({ timeout: 60_000 });
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, `day-exam-editor-${size}`);
      // Scrolled to the end, the clock is still on screen.
      await page.getByRole('button', { name: 'Submit Final Answers' }).scrollIntoViewIfNeeded();
      const box = (await page.getByRole('timer').boundingBox())!;
      const viewport = page.viewportSize()!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `timer at y=${box.y}`);
      await page.screenshot({ path: `${process.cwd()}/screenshots/day-exam-scrolled-${size}.png` });
      await context.close();
    }
  });
});
