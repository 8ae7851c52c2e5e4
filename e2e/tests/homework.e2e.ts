import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { GUIDE, guideApi, newPage, screenshot, seriousViolations, signIn, startApp, type Running } from '../support/harness.js';

const EXERCISE_FIXED = `#include <stdio.h>
int main(void)
{
    int width = 7;
    int height = 4;
    int area = width * height;
    int perimeter = 2 * width + 2 * height;
    printf("Width: %d\\n", width);
    printf("Height: %d\\n", height);
    printf("Area: %d\\n", area);
    printf("Perimeter: %d\\n", perimeter);
    return 0;
}
`;
const HOMEWORK = `#include <stdio.h>
int main(void)
{
    char initial = 'K';
    int age = 19;
    double height = 1.82;
    double average = 7.456;
    printf("Initial: %c\\n", initial);
    printf("Age: %d\\n", age);
    printf("Height: %.2f m\\n", height);
    printf("Average: %.1f\\n", average);
    printf("Age next year: %d\\n", age + 1);
    return 0;
}
`;

/** Replaces the editor's code (as typed text, without the editor's auto-indentation). */
async function setCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: /^Code for task/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

describe('homework', () => {
  let app: Running;
  let student: { email: string; password: string };
  before(async () => {
    app = await startApp();
    const api = await guideApi(app);
    const created = await api<{ user: { id: string; email: string }; password: string }>('POST', 'students', {
      name: 'Hana Homework',
      email: 'hana@example.com',
    });
    student = { email: created.user.email, password: created.password };
    await api('PUT', 'access', { changes: [{ studentId: created.user.id, lectureId: 'c-cpp-day-3', kind: 'assignment', granted: true }] });
  });
  after(() => app?.stop());

  it('a student fails then passes a C exercise, submits homework; a guide grades it B; the student sees it live and on the dashboard', async () => {
    const { page } = await newPage(app);
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    // The lecture page's Practice Problems lead to the task, open on the Assignments page.
    await page.goto('/#/c-cpp/lecture/c-cpp-day-3');
    await page.getByRole('link', { name: 'Open task 1 in Assignments' }).click();
    await page.waitForURL(/#\/c-cpp\/assignments\?lecture=c-cpp-day-3&task=0$/);
    await page.getByRole('heading', { name: /^Day 3: / }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    // The exercise (already open): the starter code fails the sample, the fixed code passes every test.
    await page.getByRole('textbox', { name: 'Code for task 1' }).waitFor();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Failed', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText(/0 of \d+ hidden tests passed/).waitFor();
    await setCode(page, EXERCISE_FIXED);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Passed', { exact: true }).waitFor({ timeout: 60_000 });
    const hidden = await page.getByText(/\d+ of \d+ hidden tests passed/).textContent();
    const [, passed, total] = /(\d+) of (\d+)/.exec(hidden ?? '')!;
    assert.equal(passed, total);
    await screenshot(page, 'homework-check-desktop');
    await page.getByRole('button', { name: 'Close' }).click();
    // The check is kept as progress: solved, after a reload too.
    await page.reload();
    await page.getByLabel('Your progress on this task').getByText('Solved').waitFor();

    // The homework: submitted, graded by the tests in the background, pending until a guide grades it.
    await page.getByRole('button', { name: 'Start Homework' }).click();
    await setCode(page, HOMEWORK);
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Homework submitted' });
    await dialog.waitFor();
    await screenshot(page, 'homework-submitted-desktop');
    // It closes by itself (after 1.5 s).
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.getByText(/^Tests: (\d+) of \1 passed$/).waitFor({ timeout: 60_000 });

    const mate = await newPage(app);
    await signIn(mate.page, 'c-cpp', GUIDE.email, GUIDE.password);
    await mate.page.waitForURL(/#\/c-cpp\/guide$/);
    await mate.page.goto('/#/c-cpp/manage-homework');
    await mate.page.getByText('Pending', { exact: true }).first().click();
    await mate.page.getByText(/Hana Homework · Day 3/).click();
    await mate.page.getByRole('table', { name: 'Test results' }).waitFor();
    // The submitted code is highlighted (highlight.js loads on demand).
    await mate.page.getByLabel('Submitted code (C)', { exact: true }).locator('code.hljs .hljs-keyword').first().waitFor();
    await mate.page.getByLabel('Submitted code (C)', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(mate.page, 'homework-review-card-desktop');
    assert.equal((await mate.page.getByText('(hidden)', { exact: false }).count()) > 0, true);
    await mate.page.getByRole('combobox', { name: 'Grade' }).click();
    await mate.page.getByRole('option', { name: 'B' }).click();
    await mate.page.getByRole('textbox', { name: 'Feedback' }).fill('Good work; check the rounding.');
    await mate.page.getByRole('button', { name: 'Save Grade' }).click();
    await screenshot(mate.page, 'homework-review-desktop');
    await mate.page.getByText('Grade saved', { exact: true }).waitFor();
    // Graded, it leaves the Pending list.
    await mate.page.getByText('No pending submissions for this course.').waitFor();
    assert.deepEqual(await seriousViolations(mate.page), []);

    // The gradebook: a CSV with the student's letter, state and date.
    const download = mate.page.waitForEvent('download');
    await mate.page.getByRole('link', { name: 'Export Gradebook (CSV)' }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), 'gradebook-course_c_01.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    const row = csv.split('\r\n').find((l) => l.startsWith('Hana Homework,'));
    assert.match(row ?? '', /,B,Graded,\d{4}-\d{2}-\d{2}(,|$)/);

    // Live: the student's open page shows the letter without a reload.
    await page.getByText('Grade: B').waitFor();
    await page.getByText('Feedback: Good work; check the rounding.').waitFor();
    await screenshot(page, 'homework-graded-desktop');
    await page.goto('/#/c-cpp/student');
    const grades = page.getByRole('region', { name: 'Recent Grades' });
    await grades.getByText('Variables and Data Types').waitFor();
    assert.match((await grades.getByRole('listitem').first().textContent()) ?? '', /Homework.*B/);
    await screenshot(page, 'homework-dashboard-desktop');

    const phone = await newPage(app, 'phone');
    await signIn(phone.page, 'c-cpp', student.email, student.password);
    await phone.page.waitForURL(/#\/c-cpp\/student$/);
    await phone.page.goto('/#/c-cpp/assignments');
    await phone.page.getByText('Grade: B').waitFor();
    await screenshot(phone.page, 'homework-assignments-phone');
  });
});
