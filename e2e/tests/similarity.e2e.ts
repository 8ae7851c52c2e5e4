import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SIMILARITY_DEFAULT_THRESHOLD } from '@learn/shared';
import {
  GUIDE,
  guideApi,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startApp,
  type GuideApi,
  type Running,
} from '../support/harness.js';
import { independent, original, recommented, renamed } from '../../apps/server/src/modules/similarity/test-programs.js';

const LECTURE = 'c-cpp-day-21';
const SCOPE = `homework:${LECTURE}:1`;

/** Signs a student in through the API and hands in `code` for task 2 of day 21. */
async function handIn(app: Running, email: string, password: string, code: string) {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(login.status, 200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const res = await fetch(`${app.baseUrl}/api/homework/submissions`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ lectureId: LECTURE, taskIndex: 1, code }),
  });
  assert.equal(res.status, 201, await res.text());
  return cookie;
}

async function openSimilar(page: Page) {
  await page.goto(`/#/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
  await page.getByRole('heading', { name: 'Similar submissions', level: 1 }).waitFor();
}

describe('similar submissions', () => {
  let app: Running;
  let api: GuideApi;
  const students: { email: string; password: string; cookie?: string }[] = [];
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
    const programs = [original, renamed, recommented, independent];
    const who = ['Ada Alvarez', 'Ben Brook', 'Cleo Chen', 'Dan Dorsey'];
    for (const [i, name] of who.entries()) {
      const created = await api<{ user: { id: string; email: string }; password: string }>('POST', 'students', {
        name,
        email: `sim${i}@example.com`,
      });
      await api('PUT', 'access', { changes: [{ studentId: created.user.id, lectureId: LECTURE, kind: 'assignment', granted: true }] });
      const student = { email: created.user.email, password: created.password };
      students.push({ ...student, cookie: await handIn(app, student.email, student.password, programs[i]!) });
    }
  });
  after(() => app?.stop());

  it('a guide goes from Manage Assignments to the ranked pairs, sees the group of three, compares a pair side by side and marks it reviewed', async () => {
    const { page } = await newPage(app);
    await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/c-cpp\/guide$/);
    await page.goto('/#/c-cpp/manage-homework');
    await page.getByRole('link', { name: 'Similar submissions' }).click();
    await page.waitForURL(/#\/c-cpp\/similar$/);
    await page.getByRole('combobox', { name: 'Task or question' }).click();
    await page.getByRole('option', { name: /^Day 21: Structures · task 2 \(4 submissions/ }).click();
    await page.waitForURL(/similar\?scope=homework/);
    // The comparison runs in the background; the page follows its progress and then shows the pairs.
    await page.getByRole('heading', { name: 'Groups' }).waitFor({ timeout: 60_000 });
    await page.getByText('Ada Alvarez, Ben Brook and Cleo Chen share one program', { exact: false }).waitFor();
    const rows = page.getByRole('table', { name: 'Similar pairs, most similar first' }).getByRole('row');
    assert.equal(await rows.count(), 4); // header + the three pairs among Ada, Ben and Cleo
    assert.equal(await page.getByRole('cell', { name: /Dan Dorsey/ }).count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'similarity-pairs-desktop');

    await page.getByRole('button', { name: /^Compare Ada Alvarez and Ben Brook$/ }).click();
    await page.getByRole('heading', { name: 'Ada Alvarez and Ben Brook' }).waitFor();
    await page.getByText(/of the code matches; the longest matching fragment is \d+ lines long/).waitFor();
    assert.ok((await page.locator('mark').count()) > 10, 'matching lines are highlighted');
    await page.getByLabel('Reviewed').check();
    await page.getByLabel('Note').fill('Both said they worked together; told them the rules.');
    await page.getByRole('button', { name: 'Save review' }).click();
    await page.getByRole('cell', { name: 'Reviewed', exact: true }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'similarity-side-by-side-desktop');

    // The mark is kept: a fresh page shows it, and the note is back in the form.
    await page.reload();
    await page.getByRole('cell', { name: 'Reviewed', exact: true }).waitFor();
    await page.getByRole('button', { name: /^Compare Ada Alvarez and Ben Brook$/ }).click();
    assert.equal(await page.getByLabel('Note').inputValue(), 'Both said they worked together; told them the rules.');

    // Manage Assignments: a quiet marker on the submissions of flagged pairs, none on Dan's.
    await page.goto('/#/c-cpp/manage-homework');
    await page
      .getByText(/^Similar \d+%$/)
      .first()
      .waitFor();
    assert.equal(await page.getByText(/^Similar \d+%$/).count(), 3);
    await screenshot(page, 'similarity-marker-desktop');

    // Dolos' own advice for this task, made the course's threshold with one click.
    await openSimilar(page);
    const advice = page.getByText(/^Dolos suggests \d+% for this task/);
    await advice.waitFor();
    const suggested = /Dolos suggests (\d+)%/.exec((await advice.textContent())!)![1]!;
    await page.getByRole('button', { name: `Use ${suggested}% for this course` }).click();
    await page.getByText(`Flagged from ${suggested}% similar.`, { exact: false }).waitFor();
    await page.getByText('This is the course’s threshold.', { exact: false }).waitFor();
    assert.equal(await page.getByLabel('Flag pairs from (% similar)').inputValue(), suggested);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'similarity-suggested-desktop');
    // Back to the default for the next journey.
    await api('PUT', 'similarity/settings', { courseId: 'course_c_01', threshold: SIMILARITY_DEFAULT_THRESHOLD });
  });

  it('on a phone the pairs and both programs stack and stay readable', async () => {
    const { page } = await newPage(app, 'phone');
    await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/c-cpp\/guide$/);
    await openSimilar(page);
    await page.getByRole('heading', { name: 'Groups' }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'similarity-pairs-phone');
    await page.getByRole('button', { name: /^Compare Ada Alvarez and Cleo Chen$/ }).click();
    await page.getByRole('heading', { name: 'Ada Alvarez and Cleo Chen' }).waitFor();
    await page.getByText(/of the code matches/).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'similarity-side-by-side-phone');
  });

  it('a student never reaches the page or its data', async () => {
    const { page } = await newPage(app);
    await signIn(page, 'c-cpp', students[0]!.email, students[0]!.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.goto(`/#/c-cpp/similar?scope=${encodeURIComponent(SCOPE)}`);
    await page.waitForURL(/#\/c-cpp\/student$/);
    const res = await fetch(`${app.baseUrl}/api/similarity/report?scope=${encodeURIComponent(SCOPE)}`, {
      headers: { cookie: students[0]!.cookie! },
    });
    assert.equal(res.status, 403);
  });
});
