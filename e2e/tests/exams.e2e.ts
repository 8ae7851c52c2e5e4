import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  closeBadgeDialog,
  GUIDE,
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

async function addQuestion(page: Page, type: string) {
  await page.getByRole('combobox', { name: 'New question type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Add question' }).click();
}

describe('exams', () => {
  let app: Running;
  let api: GuideApi;
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
  });
  after(() => app?.stop());

  it('a guide builds a week-1 exam of all four types; a student takes it through an offline spell and submits; full marks bring Perfect Score', async () => {
    const student = await studentWithLectures(app, api, 'Esme Exam', 'esme@example.com', 'python', 7);

    // The guide creates and fills the exam.
    const mate = await newPage(app);
    await signIn(mate.page, 'python', GUIDE.email, GUIDE.password);
    await mate.page.waitForURL(/#\/python\/guide$/);
    await mate.page.goto('/#/python/manage-exams');
    await mate.page.getByRole('button', { name: 'Create week 1 exam' }).click();
    await mate.page.getByLabel('Title').waitFor();
    assert.equal(await mate.page.getByLabel('Title').inputValue(), 'Week 1 Assessment');
    assert.equal(await mate.page.getByLabel('Duration (minutes)').inputValue(), '60');
    await addQuestion(mate.page, 'Multiple choice');
    await mate.page.getByLabel('Question 1 prompt').fill('What does print(2 + 3) show?');
    for (const [i, text] of ['23', '5', '2 + 3', 'An error'].entries()) await mate.page.getByLabel(`Question 1 option ${i + 1}`).fill(text);
    await mate.page.getByRole('radio', { name: 'Option 2 is correct' }).check();
    await addQuestion(mate.page, 'Short answer');
    await mate.page.getByLabel('Question 2 prompt').fill('What is a variable?');
    await addQuestion(mate.page, 'Debug');
    await mate.page.getByLabel('Question 3 prompt').fill('Fix it so it prints 6.');
    await mate.page.getByLabel('Question 3 buggy code').fill('print(2 * 4)');
    await addQuestion(mate.page, 'Code');
    await mate.page.getByLabel('Question 4 prompt').fill('Print hello.');
    await mate.page.getByLabel('Question 4 starter code').fill('# write here');
    await mate.page.getByRole('button', { name: 'Save Exam' }).click();
    await mate.page.getByText('Exam saved').waitFor();
    assert.deepEqual(await seriousViolations(mate.page), []);
    await screenshot(mate.page, 'exams-manage-desktop');
    await mate.page.getByRole('button', { name: 'Preview' }).click();
    await mate.page.getByRole('dialog').getByText('What does print(2 + 3) show?').waitFor();
    await screenshot(mate.page, 'exams-preview-desktop');
    await mate.page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    // The student takes it.
    const { page, context } = await newPage(app);
    await signIn(page, 'python', student.email, student.password);
    await page.waitForURL(/#\/python\/student$/);
    await page.goto('/#/python/exams');
    await page.getByRole('heading', { name: 'Week 1 Assessment' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'exams-list-desktop');
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('dialog', { name: 'Start Week 1 Assessment?' }).getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('timer').waitFor();
    assert.match((await page.getByRole('timer').textContent()) ?? '', /^(59:5\d|1:00:00)$/);
    await page.getByRole('radio', { name: '5' }).check();
    await page.getByTestId('save-status').getByText('All answers saved').waitFor({ timeout: 10_000 });

    await context.setOffline(true);
    await page.getByLabel('Question 2 answer').fill('A name that refers to a value.');
    await page.getByLabel('Question 3 answer').fill('print(2 * 3)');
    await page.getByText(/Offline, 2 answers waiting/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'exams-offline-desktop');
    await context.setOffline(false);
    await page.getByTestId('save-status').getByText('All answers saved').waitFor({ timeout: 15_000 });
    await page.getByLabel('Question 4 answer').fill('print("hello")');
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('button', { name: 'Submit Final Answers' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your answers are read-only now.', { exact: false }).waitFor();
    await closeBadgeDialog(page, 'First Exam');
    await screenshot(page, 'exams-submitted-desktop');

    // The guide grades with full marks.
    await mate.page.goto('/#/python/grade-exams');
    await mate.page.getByText(/Esme Exam · Week 1/).waitFor();
    await mate.page.getByRole('button', { name: 'Grade' }).click();
    for (let i = 1; i <= 4; i++) await mate.page.getByLabel(`Score for question ${i}`).fill('10');
    await mate.page.getByLabel('Feedback').fill('Excellent work.');
    await screenshot(mate.page, 'exams-grade-desktop');
    assert.deepEqual(await seriousViolations(mate.page), []);
    await mate.page.getByRole('button', { name: 'Save Grade' }).click();
    await mate.page.getByText('Grade saved').waitFor();

    // The student sees the grade, the feedback and the Perfect Score badge.
    await page.goto('/#/python/exams');
    await page.getByText('40/40').waitFor();
    await closeBadgeDialog(page, 'Perfect Score');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByText('Graded: 40/40').waitFor();
    await page.getByText('Excellent work.').waitFor();
    await page.goto('/#/python/student');
    await page.getByText('Perfect Score').first().waitFor();
    await page.getByText('Week 1 Exam').waitFor();
    await screenshot(page, 'exams-dashboard-desktop');

    const phone = await newPage(app, 'phone');
    await signIn(phone.page, 'python', student.email, student.password);
    await phone.page.waitForURL(/#\/python\/student$/);
    await phone.page.goto('/#/python/exams');
    await phone.page.getByText('40/40').waitFor();
    await screenshot(phone.page, 'exams-list-phone');
    await phone.page.getByRole('button', { name: 'Review' }).click();
    await phone.page.getByText('Graded: 40/40').waitFor();
    await screenshot(phone.page, 'exams-review-phone');
  });

  it('a one-minute exam runs out and is submitted automatically with the alert', async () => {
    const student = await studentWithLectures(app, api, 'Tim Timer', 'tim@example.com', 'c-cpp', 7);
    const exam = await api<{ id: string }>('POST', 'exams', { courseId: 'course_c_01', week: 1 });
    await api('PUT', `exams/${exam.id}`, {
      title: 'Quick Check',
      duration: 1,
      questions: [{ id: 'q1', type: 'short-answer', prompt: 'Name one C type.', points: 5 }],
    });
    const { page } = await newPage(app, 'phone');
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.goto('/#/c-cpp/exams');
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByRole('dialog', { name: 'Start Quick Check?' }).getByText('You have 1 minute.', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Start Exam' }).click();
    await page.getByLabel('Question 1 answer').fill('int');
    await screenshot(page, 'exams-taking-phone');
    await page.getByText('Your answers are read-only now.', { exact: false }).waitFor({ timeout: 90_000 });
    assert.deepEqual(alerts, ["Time's up! Your exam has been submitted automatically."]);
    const pending = await api<{ submissions: { studentName: string; answers: Record<string, string>; submittedBy: string }[] }>(
      'GET',
      'exam-submissions?courseId=course_c_01',
    );
    const mine = pending.submissions.find((s) => s.studentName === 'Tim Timer');
    assert.equal(mine?.answers.q1, 'int');
    assert.equal(mine?.submittedBy, 'timer');
  });
});
