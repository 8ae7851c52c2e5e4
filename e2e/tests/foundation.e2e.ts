import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUIDE, newPage, screenshot, seriousViolations, signIn, startApp, type Running } from '../support/harness.js';

const STUDENT = { name: 'Sam Student', email: 'sam@example.com', password: 'sam-password-1' };

describe('foundation journeys', () => {
  let app: Running;
  before(async () => {
    app = await startApp();
    await app.createStudent(STUDENT.name, STUDENT.email, STUDENT.password);
  });
  after(() => app?.stop());

  it('ships no course content in the web bundle: no solutions, tests or lesson text', () => {
    const assets = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist', 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    assert.ok(js.length > 0);
    // A phrase from a lesson's reference solution and one from its reading: neither may be bundled.
    const lesson = parse(
      readFileSync(
        join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'content', 'courses', 'c', 'day-05-operators.yaml'),
        'utf8',
      ),
    ) as { assignment: { tasks: { solution: string }[] } };
    const solution = lesson.assignment.tasks[0]!.solution.split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 20 && !l.startsWith('#') && !l.startsWith('//'))[0];
    assert.ok(solution && solution.length > 8, 'found a solution line to look for');
    for (const f of js) {
      const text = readFileSync(join(assets, f), 'utf8');
      assert.ok(!text.includes(solution), `${f} contains solution code`);
      assert.ok(!text.includes('The remainder operator'), `${f} contains lesson text`);
    }
  });

  it('shows the landing page with both tracks, accessible, at desktop and phone size', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(app, size);
      await page.goto('/');
      await page.getByRole('heading', { name: 'C & C++ Programming' }).waitFor();
      await page.getByRole('heading', { name: 'Python Programming' }).waitFor();
      const links = page.getByRole('link', { name: /Start Learning/ });
      assert.equal(await links.count(), 2);
      assert.equal(await links.first().getAttribute('href'), '#/c-cpp/login');
      assert.equal(await links.nth(1).getAttribute('href'), '#/python/login');
      assert.equal(await page.getByTestId('particle-background').count(), 1);
      await screenshot(page, `landing-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    }
  });

  it('signs a guide in at /#/c-cpp/login and lands on /#/c-cpp/guide; the session survives a reload', async () => {
    const { context, page } = await newPage(app);
    await page.goto('/#/c-cpp/login');
    await page.getByRole('heading', { name: 'Welcome to Learn' }).waitFor();
    assert.ok(await page.getByText('C / C++').isVisible());
    await screenshot(page, 'login-desktop');
    assert.deepEqual(await seriousViolations(page), []);
    await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/c-cpp\/guide$/);
    await page.getByRole('navigation', { name: 'Main' }).getByText('Manage Mates').waitFor();
    await page.getByRole('heading', { name: 'C Programming', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Sam Student' }).first().waitFor();
    await screenshot(page, 'guide-home-one-student-desktop');
    assert.deepEqual(await seriousViolations(page), []);
    await page.reload();
    await page.waitForURL(/#\/c-cpp\/guide$/);
    await page.getByTestId('header-user').getByText('Mate', { exact: true }).waitFor();
    // History was replaced: going back does not return to the login form.
    await page.goto('/#/c-cpp/login');
    await page.waitForURL(/#\/c-cpp\/guide$/);
    await context.close();
  });

  it('shows field errors, the Signing In state and the red box for a wrong password', async () => {
    const { context, page } = await newPage(app, 'phone');
    await page.goto('/#/python/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    assert.equal(await page.getByText('Email is required').count(), 0, 'editing clears the field error');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(GUIDE.email);
    await page.getByLabel(/^Password/).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
    await alert.waitFor();
    const color = await alert.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    assert.ok(r! > g! && r! > b!, `the error box is red (${color})`);
    await screenshot(page, 'login-error-phone');
    await context.close();
  });

  it('sends a visitor opening /#/python/exams to /#/python/login, and unknown paths to the right place', async () => {
    const { context, page } = await newPage(app);
    await page.goto('/#/python/exams');
    await page.waitForURL(/#\/python\/login$/);
    await page.goto('/#/nowhere/at/all');
    await page.waitForURL(/#\/$/);
    await context.close();
  });

  it('sends a student to the student home, away from guide pages', async () => {
    const { context, page } = await newPage(app);
    await signIn(page, 'python', STUDENT.email, STUDENT.password);
    await page.waitForURL(/#\/python\/student$/);
    await page.goto('/#/python/manage-students');
    await page.waitForURL(/#\/python\/student$/);
    await page.goto('/#/python/');
    await page.waitForURL(/#\/python\/student$/);
    await page.goto('/#/python/some-unknown-page');
    await page.waitForURL(/#\/python\/student$/);
    const userSelect = await page
      .locator('.no-select')
      .first()
      .evaluate((el) => getComputedStyle(el).userSelect);
    assert.equal(userSelect, 'none', 'text selection is disabled for students');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/#\/python\/login$/);
    await page.goto('/#/python/student');
    await page.waitForURL(/#\/python\/login$/);
    await context.close();
  });

  it('toggles the sidebar on a phone and closes it from the backdrop', async () => {
    const { context, page } = await newPage(app, 'phone');
    await signIn(page, 'c-cpp', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/c-cpp\/guide$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal((await nav.isVisible()) && (await nav.boundingBox())!.x >= 0, false, 'sidebar starts hidden on a phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForFunction(() => {
      const el = document.querySelector('nav[aria-label="Main"]');
      return !!el && el.getBoundingClientRect().x >= 0;
    });
    await screenshot(page, 'sidebar-open-phone');
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } });
    await page.waitForFunction(() => {
      const el = document.querySelector('nav[aria-label="Main"]');
      return !el || el.getBoundingClientRect().right <= 0;
    });
    await screenshot(page, 'guide-home-phone');
    await context.close();
  });
});
