import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { GUIDE, guideApi, newPage, screenshot, seriousViolations, signIn, startApp, type Running } from '../support/harness.js';

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('people, batches and course access', () => {
  let app: Running;
  before(async () => {
    app = await startApp();
  });
  after(() => app?.stop());

  it('a guide adds a student, grants the batch day 1 code; the student signs in with the shown password and sees it', async () => {
    const { context, page } = await newPage(app);
    await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/c-cpp\/guide$/);

    await page.goto('/#/c-cpp/manage-students');
    await page.getByText('No students enrolled yet').first().waitFor();
    await screenshot(page, 'students-empty-desktop');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Student' }) });
    await form.getByLabel(/^Name/).fill('Nora New');
    await form.getByLabel(/^Email/).fill('nora@example.com');
    await choose(page, /^Batch/, 'Fall 2025');
    await form.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const password = (await dialog.locator('code').first().innerText()).trim();
    assert.match(password, /^[A-Za-z0-9]{8}$/, 'the generated password is shown');
    await screenshot(page, 'students-password-desktop');
    await dialog
      .getByRole('button', { name: /Done|Close|I have saved it|OK/i })
      .first()
      .click();
    await page.getByRole('cell', { name: 'nora@example.com' }).or(page.getByText('nora@example.com')).first().waitFor();
    await screenshot(page, 'students-desktop');
    assert.deepEqual(await seriousViolations(page), []);

    await page.goto('/#/c-cpp/manage-course');
    await page.getByLabel('Kind of access').getByText('Code & Examples', { exact: true }).click();
    const batchGroup = page.getByRole('group', { name: /Batch access: Code & Examples/ });
    await choose(page, /^Batch$/, 'Fall 2025');
    await batchGroup.getByLabel('From day').fill('1');
    await batchGroup.getByLabel('To day').fill('1');
    await batchGroup.getByRole('button', { name: 'Grant to batch' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(/applied|saved/i)
      .first()
      .waitFor();
    assert.equal(await page.getByLabel('Grant Code & Examples for Day 1 to Nora New').isChecked(), true);
    await screenshot(page, 'course-access-desktop');
    assert.deepEqual(await seriousViolations(page), []);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/#\/c-cpp\/login$/);

    await signIn(page, 'c-cpp', 'nora@example.com', password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    const nav = page.getByRole('navigation', { name: 'C Programming lectures' });
    await nav.getByRole('link', { name: /Day 1: Introduction to C/ }).click();
    await page.waitForURL(/#\/c-cpp\/lecture\/c-cpp-day-1$/);
    await page.getByRole('tab', { name: 'Code & Examples' }).click();
    await page.getByRole('button', { name: /Copy/ }).first().waitFor();
    assert.equal(await nav.getByRole('link', { name: /Day 2:/ }).count(), 0, 'day 2 is greyed, not a link');
    await nav.getByText(/Day 2: Setting Up/).waitFor();
    await context.close();
  });

  it("refreshes an open student's sidebar live when a mate grants access, without a reload", async () => {
    const api = await guideApi(app);
    const created = await api<{ user: { id: string }; password: string }>('POST', 'students', {
      name: 'Live Lou',
      email: 'lou@example.com',
    });
    const { context, page } = await newPage(app);
    await signIn(page, 'python', 'lou@example.com', created.password);
    await page.waitForURL(/#\/python\/student$/);
    const nav = page.getByRole('navigation', { name: 'Python Programming lectures' });
    await nav.getByText('Day 3: Data Types').waitFor();
    assert.equal(await nav.getByRole('link', { name: /Day 3: Data Types/ }).count(), 0);
    const loads: string[] = [];
    page.on('framenavigated', (f) => loads.push(f.url()));
    await api('PUT', 'access', {
      changes: [{ studentId: created.user.id, lectureId: 'python-day-3', kind: 'explanation', granted: true }],
    });
    await nav.getByRole('link', { name: /Day 3: Data Types/ }).waitFor({ timeout: 10_000 });
    assert.deepEqual(loads, [], 'the page was not reloaded');
    await context.close();
  });

  it('a guide trying to remove themselves sees the warning; the mates page works on a phone', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(app, size);
      await signIn(page, 'python', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/python\/guide$/);
      await page.goto('/#/python/manage-guides');
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await page.getByText('You cannot remove your own account.').first().waitFor();
      await screenshot(page, `mates-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    }
  });

  it('shows the batches, students, course access and student progress pages at desktop and phone size', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(app, size);
      await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/c-cpp\/guide$/);
      await page.goto('/#/c-cpp/manage-batches');
      await page.getByText('Fall 2025').first().waitFor();
      await page.getByText('Connected', { exact: true }).first().waitFor();
      await screenshot(page, `batches-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      if (size === 'phone') {
        await page.goto('/#/c-cpp/manage-students');
        await page.getByText('nora@example.com').first().waitFor();
        await screenshot(page, 'students-phone');
        await page.goto('/#/c-cpp/manage-course');
        await page.getByLabel('Kind of access').getByText('Code & Examples', { exact: true }).waitFor();
        await screenshot(page, 'course-access-phone');
      }
      await page.goto('/#/c-cpp/guide');
      await page.getByRole('link', { name: 'Nora New' }).first().click();
      await page.waitForURL(/#\/c-cpp\/student-progress$/);
      await page.getByText('No homework submitted yet.').first().waitFor();
      await screenshot(page, `student-progress-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    }
  });
});
