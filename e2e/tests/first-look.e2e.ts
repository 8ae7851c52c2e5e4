import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  GUIDE,
  createStudent,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  viewports,
  type Running,
  type TestStudent,
} from '../support/harness.js';

/** What a new user noticed on a first look: button alignment, phone tabs, a refused batch name, a locked lecture. */
describe('first look', () => {
  let app: Running;
  let student: TestStudent;
  before(async () => {
    app = await startApp();
    const api = await guideApi(app);
    student = await createStudent(api, 'Nia New', 'nia@example.com');
  });
  after(() => app?.stop());

  it('the two Start Learning buttons sit at the same height, whatever the card text', async () => {
    for (const width of [1280, 800]) {
      const { context, page } = await newPage(app);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const buttons = page.getByRole('link', { name: /Start Learning/ });
      await buttons.first().waitFor();
      const [a, b] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
      assert.ok(a && b, 'both buttons are laid out');
      assert.notEqual(a.x, b.x, `side by side at ${width} px`);
      assert.equal(a.y, b.y, `same top at ${width} px`);
      assert.equal(a.height, b.height);
      if (width === 1280) await screenshot(page, 'first-look-landing-desktop');
      await context.close();
    }
    const { context, page } = await newPage(app, 'phone');
    await page.goto('/');
    await page
      .getByRole('link', { name: /Start Learning/ })
      .first()
      .waitFor();
    await screenshot(page, 'first-look-landing-phone');
    await context.close();
  });

  it('shows all four lecture tabs on a phone, none out of sight, and one row on a desktop', async () => {
    const tabBoxes = async (page: Page) => {
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      assert.equal(await tabs.count(), 4);
      return Promise.all([0, 1, 2, 3].map(async (i) => (await tabs.nth(i).boundingBox())!));
    };
    for (const size of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(app, size);
      await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/c-cpp\/guide$/);
      await page.goto('/#/c-cpp/lecture/c-cpp-day-1');
      await page.getByRole('heading', { name: 'Introduction to C' }).waitFor();
      const boxes = await tabBoxes(page);
      const width = viewports[size].width;
      for (const [i, box] of boxes.entries()) {
        assert.ok(box.x >= 0 && box.x + box.width <= width, `tab ${i + 1} within the ${width} px screen: ${JSON.stringify(box)}`);
      }
      const list = page.getByRole('tablist');
      const overflow = await list.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(overflow <= 1, `the tab list does not scroll sideways (${overflow} px hidden)`);
      const rows = new Set(boxes.map((b) => Math.round(b.y))).size;
      assert.equal(rows, size === 'phone' ? 2 : 1, `${size}: tabs in ${rows} row(s)`);
      // Every tab still works by touch.
      await page.getByRole('tab', { name: 'Quick Quiz' }).click();
      assert.equal(await page.getByRole('tab', { name: 'Quick Quiz' }).getAttribute('aria-selected'), 'true');
      await page.getByRole('tab', { name: 'Key Concepts' }).click();
      await screenshot(page, `first-look-lecture-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    }
  });

  it('a duplicate batch name keeps what was typed and says what is wrong', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(app, size);
      await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/c-cpp\/guide$/);
      await page.goto('/#/c-cpp/manage-batches');
      await page.getByText('Spring 2024').first().waitFor();
      const input = page.getByLabel(/Batch name/);
      await input.fill('Spring 2024');
      await page.getByRole('button', { name: 'Create Batch' }).click();
      await page.getByText('Failed to Add Batch').waitFor();
      await page.getByText('A batch with this name already exists.').first().waitFor();
      assert.equal(await page.getByText(/Please try again/).count(), 0);
      assert.equal(await input.inputValue(), 'Spring 2024');
      await screenshot(page, `first-look-batches-409-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    }
  });

  it('a student opening a lecture without any grant goes home and is told why', async () => {
    const { context, page } = await newPage(app, 'phone');
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/c-cpp/lecture/c-cpp-day-2');
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.getByText("You don't have access to Day 2 yet").waitFor();
    await page.getByText("Your guide hasn't granted you access yet.").first().waitFor();
    await screenshot(page, 'first-look-no-access-phone');
    await context.close();
  });
});
