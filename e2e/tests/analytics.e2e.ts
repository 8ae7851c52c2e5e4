import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
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

describe('analytics, the connection badge and the helper panel', () => {
  let app: Running;
  let api: GuideApi;
  before(async () => {
    app = await startApp();
    api = await guideApi(app);
  });
  after(() => app?.stop());

  it('shows the figures from seeded data; the at-risk button opens Student Progress on that student', async () => {
    // 50 python lectures: 2 done is 4 % (at risk), 13 done is 26 % (not at risk).
    const anna = await studentWithLectures(app, api, 'Anna Atrisk', 'anna@example.com', 'python', 2);
    await studentWithLectures(app, api, 'Bob Busy', 'bob@example.com', 'python', 13);

    const { page } = await newPage(app);
    await signIn(page, 'python', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/python\/guide$/);
    await page.goto('/#/python/analytics');
    await page.getByRole('heading', { name: 'Course Analytics' }).waitFor();
    await page.getByText('An overview of student performance in the Python Programming course.').waitFor();
    await page.getByText('Total Enrollment').waitFor();
    assert.equal(await page.getByText('15.0%', { exact: true }).count(), 1, 'Overall Completion: 15 of 100 lecture completions');
    const atRisk = page.getByRole('button', { name: /Anna Atrisk/ });
    await atRisk.waitFor();
    assert.match((await atRisk.textContent()) ?? '', /4\.0% complete/);
    assert.equal(await page.getByRole('button', { name: /Bob Busy/ }).count(), 0);
    await page.getByText('Day 14: ').first().waitFor();
    await page.getByText('Completions per lecture').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'analytics-desktop');

    // The chart's table alternative holds the same figures.
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await page.getByRole('cell', { name: 'Day 1', exact: true }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    await atRisk.click();
    await page.waitForURL(/#\/python\/student-progress$/);
    const picker = page.locator('input').and(page.getByLabel('Student', { exact: true }));
    await picker.waitFor();
    assert.match(await picker.inputValue(), /^Anna Atrisk/);
    await page
      .getByText(/python-day-1|Day 1/)
      .first()
      .waitFor();
    assert.ok(anna.id);

    const phone = await newPage(app, 'phone');
    await signIn(phone.page, 'python', GUIDE.email, GUIDE.password);
    await phone.page.waitForURL(/#\/python\/guide$/);
    await phone.page.goto('/#/python/analytics');
    await phone.page.getByRole('button', { name: /Anna Atrisk/ }).waitFor();
    await screenshot(phone.page, 'analytics-phone');
    assert.deepEqual(await seriousViolations(phone.page), []);
  });

  it('the badge turns Disconnected when the server stops and back when it returns; the helper panel checks the endpoints', async () => {
    const { page } = await newPage(app);
    await signIn(page, 'python', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/python\/guide$/);
    await page.goto('/#/python/manage-batches');
    const badge = page.getByTestId('connection-badge');
    await badge.getByText('Database Connected').waitFor();
    await page.getByRole('button', { name: 'Run API Health Check' }).click();
    await page.getByText('All endpoints are working correctly.').waitFor();
    await screenshot(page, 'batches-helper-desktop');
    // On a phone the header shows the state as an icon, with the same words for screen readers.
    const phone = await newPage(app, 'phone');
    await signIn(phone.page, 'python', GUIDE.email, GUIDE.password);
    await phone.page.waitForURL(/#\/python\/guide$/);
    const icon = phone.page.getByTestId('connection-icon');
    await icon.getByText('Database Connected').waitFor({ state: 'attached' });
    assert.equal(await icon.isVisible(), true);
    assert.equal(await phone.page.getByTestId('connection-badge').isVisible(), false);

    await app.stopServer();
    // The next 30 s check finds no server.
    await badge.getByText('Database Disconnected').waitFor({ timeout: 40_000 });
    await icon.getByText('Database Disconnected').waitFor({ state: 'attached', timeout: 40_000 });
    await screenshot(phone.page, 'badge-disconnected-phone');
    await phone.context.close();
    await page.getByRole('button', { name: 'Run API Health Check' }).click();
    await page.getByText('2 out of 2 endpoints have issues').waitFor();
    await screenshot(page, 'batches-helper-outage-desktop');

    await app.startServer();
    await badge.getByText('Database Connected').waitFor({ timeout: 40_000 });
    await page.getByRole('button', { name: 'Run API Health Check' }).click();
    await page.getByText('All endpoints are working correctly.').waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    const debug = await page.context().request.get('/dashboard_debug.html');
    assert.equal(debug.status(), 200);
    await page.goto('/dashboard_debug.html');
    await page.getByRole('heading', { name: 'Dashboard debug' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'dashboard-debug');
  });
});
