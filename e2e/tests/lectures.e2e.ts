import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  GUIDE,
  createStudent,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  type Running,
  type TestStudent,
} from '../support/harness.js';

describe('lectures, progress and badges', () => {
  let app: Running;
  let student: TestStudent;
  before(async () => {
    app = await startApp();
    const api = await guideApi(app);
    // Day 1: code and assignments, but not the detailed explanation. Day 2: nothing.
    student = await createStudent(api, 'Lena Learner', 'lena@example.com', [
      ['c-cpp-day-1', 'code'],
      ['c-cpp-day-1', 'assignment'],
    ]);
  });
  after(() => app?.stop());

  it('a student opens day 1, meets the locked explanation, completes it, earns First Steps and sees the ring move', async () => {
    const { context, page } = await newPage(app);
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.getByLabel('0% of the course completed').waitFor();
    await page.getByText('No badges earned yet...').waitFor();
    await page.getByText('No graded items yet.').waitFor();
    await screenshot(page, 'student-home-desktop');
    assert.deepEqual(await seriousViolations(page), []);

    // The sidebar lists day 1 as a link and day 2 greyed out.
    const nav = page.getByRole('navigation', { name: 'C Programming lectures' });
    await nav.getByText('Day 2: Setting Up Your Environment', { exact: false }).waitFor();
    assert.equal(await nav.getByRole('link', { name: /Day 1: Introduction to C/ }).count(), 1, 'day 1 is a link');
    assert.equal(await nav.getByRole('link', { name: /Day 2:/ }).count(), 0, 'day 2 is not a link for this student');

    await page
      .getByRole('button', { name: 'Continue Learning' })
      .or(page.getByRole('link', { name: /Continue|Day 1/ }))
      .first()
      .click();
    await page.waitForURL(/#\/c-cpp\/lecture\/c-cpp-day-1$/);
    await page.getByRole('heading', { name: 'Introduction to C' }).waitFor();
    await page.getByRole('tab', { name: 'Detailed Explanation' }).click();
    await page.getByText("Your guide hasn't granted you access yet.").waitFor();
    await page.getByRole('tab', { name: 'Code & Examples' }).click();
    await page.getByRole('button', { name: /Copy/ }).first().waitFor();
    await page.getByRole('tab', { name: 'Quick Quiz' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Check Answer' }).first().click();
    await page
      .getByText(/Correct|Not quite/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Key Concepts' }).click();
    await screenshot(page, 'lecture-desktop');
    assert.deepEqual(await seriousViolations(page), []);

    await page.getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByText('Mark this lecture as completed?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Completed' }).click();
    await page.getByText('Achievement Unlocked!').waitFor();
    await page.getByText('First Steps').first().waitFor();
    await screenshot(page, 'badge-dialog-desktop');
    await page.getByRole('button', { name: 'Awesome!' }).click();
    await page.getByText('Lecture Completed!').waitFor();
    await page.getByText('Achievement Unlocked!').waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.getByLabel('4% of the course completed').waitFor();
    await page.getByText('First Steps').first().waitFor();
    await context.close();
  });

  it('shows the lecture page on a phone', async () => {
    const { context, page } = await newPage(app, 'phone');
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    // Wait for the dashboard before navigating on.
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/c-cpp/lecture/c-cpp-day-1');
    await page.getByRole('heading', { name: 'Introduction to C' }).waitFor();
    await page.getByRole('tab', { name: 'Code & Examples' }).click();
    await page.getByRole('button', { name: /Copy/ }).first().waitFor();
    await screenshot(page, 'lecture-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `no sideways scrolling of the page (overflow ${overflow}px)`);
    // A lecture without any grant sends the student home; an unknown one to the course root.
    await page.goto('/#/c-cpp/lecture/c-cpp-day-2');
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.goto('/#/c-cpp/lecture/c-cpp-day-999');
    await page.waitForURL(/#\/c-cpp\/student$/);
    await context.close();
  });

  it('a guide edits a lecture title and the student sees it', async () => {
    const guide = await newPage(app);
    await signIn(guide.page, 'c-cpp', GUIDE.email, GUIDE.password);
    await guide.page.waitForURL(/#\/c-cpp\/guide$/);
    await guide.page.getByRole('link', { name: 'Lena Learner' }).first().waitFor();
    await screenshot(guide.page, 'guide-home-desktop');
    assert.deepEqual(await seriousViolations(guide.page), []);
    await guide.page.goto('/#/c-cpp/manage-lectures');
    const title = guide.page.getByLabel(/^Title/);
    await title.waitFor();
    assert.equal(await title.inputValue(), 'Introduction to C');
    await title.fill('Introduction to C (updated)');
    await guide.page.getByRole('button', { name: 'Save' }).click();
    await guide.page.getByText('All changes saved').waitFor();
    await screenshot(guide.page, 'manage-lectures-desktop');
    assert.deepEqual(await seriousViolations(guide.page), []);
    await guide.context.close();

    const { context, page } = await newPage(app);
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    // Wait for the dashboard before navigating on.
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/c-cpp/lecture/c-cpp-day-1');
    await page.getByRole('heading', { name: 'Introduction to C (updated)' }).waitFor();
    await context.close();
  });
});
