import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { GUIDE, screenshotDir, seriousViolations, signIn, startApp, type Running } from '../support/harness.js';

/**
 * Issue 27 and 26: lecture text through the one Markdown renderer (bold, inline code, nothing else; the
 * power operator, **kwargs and operator** stay plain) and the scratchpad's Python (clean state per run, the
 * server's CPU limit and words, Python 3.11 as on the server). Screenshots at 1366x900 and 390x844.
 */
const sizes = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function guidePage(app: Running, size: keyof typeof sizes) {
  const context = await app.browser.newContext({ viewport: sizes[size], baseURL: app.baseUrl, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw new Error(`page error: ${err.message}`);
  });
  return { context, page };
}

const shot = async (page: Page, name: string, fullPage = false) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
};

/** The text and markup of the lecture's reading, as the student sees it. */
const reading = (page: Page) => page.getByRole('tabpanel');
const boldTexts = (page: Page) => reading(page).locator('strong').allTextContents();

describe('lecture text and the scratchpad’s Python', () => {
  let app: Running;
  before(async () => {
    app = await startApp();
  });
  after(() => app?.stop());

  for (const size of ['desktop', 'phone'] as const) {
    it(`reads bold and code, not the power operator or operator** (${size})`, async () => {
      const { context, page } = await guidePage(app, size);
      await signIn(page, 'python', GUIDE.email, GUIDE.password);
      await page.waitForURL(/#\/python\/guide$/);
      await page.goto('/#/python/lecture/python-day-7');
      await page.getByRole('tab', { name: 'Detailed Explanation' }).click();
      const power = reading(page).getByText('as in 2 ** 3, raises to a power.', { exact: false });
      await power.waitFor();
      const bold = await boldTexts(page);
      assert.ok(bold.includes('//') && bold.includes('%'), `bold: ${bold.slice(0, 8).join(' | ')}`);
      assert.ok(!bold.some((b) => b.includes('**') || b.length > 60), `no bold swallows an operator: ${bold.filter((b) => b.length > 60)}`);
      await reading(page).getByText('Python follows the usual maths rules: ** first', { exact: false }).waitFor();
      await power.scrollIntoViewIfNeeded();
      await shot(page, `lecture-python-7-${size}`);
      assert.deepEqual(await seriousViolations(page), []);

      await page.goto('/#/c-cpp/lecture/c-cpp-day-37');
      await page.getByRole('tab', { name: 'Detailed Explanation' }).click();
      const limits = reading(page).locator('p').filter({ hasText: 'You cannot invent new operator symbols' });
      await limits.waitFor();
      assert.match((await limits.textContent()) ?? '', /\(C\+\+ has no power operator, so you cannot add one\), you cannot change/);
      assert.deepEqual(await limits.locator('strong').allTextContents(), ['expected meaning']);
      assert.deepEqual(await limits.locator('code').allTextContents(), ['a + b']);
      const paragraphs = (await reading(page).locator('p').allTextContents()).join('\n');
      assert.ok(!paragraphs.includes('`a + b`'), 'backticks render as code, not literally');
      await limits.scrollIntoViewIfNeeded();
      await shot(page, `lecture-cpp-37-${size}`);
      assert.deepEqual(await seriousViolations(page), []);
      await context.close();
    });
  }

  it('runs each Python program from a clean interpreter, at the server’s limits, in Python 3.11', async () => {
    const { context, page } = await guidePage(app, 'desktop');
    await signIn(page, 'python', GUIDE.email, GUIDE.password);
    await page.waitForURL(/#\/python\/guide$/);
    await page.goto('/#/python/lecture/python-day-39');
    const panel = page.getByRole('dialog', { name: 'Scratchpad' });
    const output = panel.getByRole('log', { name: 'Output' });
    const run = async (done: RegExp | string, timeout = 60_000) => {
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await output.getByText(done).waitFor({ timeout });
    };
    const runExample = async (tab: string, text: string) => {
      await page.getByRole('tab', { name: tab }).click();
      const block = page.getByTestId('code-block').filter({ hasText: text });
      await block.getByRole('button', { name: /^Run in Scratchpad/ }).click();
      await panel.waitFor();
      await run(/Finished in \d+ ms/);
      const text_ = (await output.getByTestId('program-output').textContent()) ?? '';
      await panel.getByRole('button', { name: 'Close the scratchpad' }).click();
      await panel.waitFor({ state: 'hidden' });
      return text_;
    };

    // Python 39: the first logging example switches DEBUG on; the line-229 example must not inherit it.
    const first = await runExample('Detailed Explanation', 'logging.basicConfig(level=logging.DEBUG');
    assert.match(first, /DEBUG: discount\(price=80, percent=25\)/);
    const second = await runExample('Code & Examples', 'logging.basicConfig(level=logging.INFO');
    assert.equal(second, 'pen in stock: 3\nINFO: pad is sold out\nWARNING: ink is not in the catalogue\n');

    await page.getByRole('button', { name: 'Scratchpad', exact: true }).click();
    await panel.waitFor();
    const setCode = async (code: string) => {
      await panel.getByRole('textbox', { name: 'Python code editor' }).click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.insertText(code);
    };

    // The grader's minor version.
    await setCode('import sys\nprint("Python %d.%d" % sys.version_info[:2])\n');
    await run('Python 3.11');

    // A program that reads no input says "Running...", not "type input below"; it stops at the CPU limit.
    await setCode('n = 0\nwhile True:\n    n += 1\n');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await output.getByText('Running...').waitFor();
    assert.equal(await output.getByText(/type input below/).count(), 0);
    await output.getByText('Time limit exceeded (5 s)').waitFor({ timeout: 30_000 });
    await shot(page, 'scratchpad-python-limit-desktop');

    // Waiting for input: the prompt shows while input() waits, and the wait does not count as CPU time.
    await setCode('name = input("Name? ")\nprint("Hi", name)\n');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await output.getByText(/type input below/).waitFor();
    const input = panel.getByRole('textbox', { name: /Program input/ });
    await input.fill('Ada');
    await input.press('Enter');
    await output.getByText('Hi Ada').waitFor();
    await output.getByText(/Finished in \d+ ms, exit code 0/).waitFor();

    // A syntax error in a beginner's words.
    await setCode('print("one")\nif True\n    print("two")\n');
    await run('Syntax error on line 2: fix it and run again.');
    assert.equal(await output.getByText(/Compilation failed/).count(), 0);
    await shot(page, 'scratchpad-python-syntax-desktop');
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();

    // On a phone: the panel is full screen; the limit's words are read in full.
    const phone = await guidePage(app, 'phone');
    await signIn(phone.page, 'python', GUIDE.email, GUIDE.password);
    await phone.page.waitForURL(/#\/python\/guide$/);
    await phone.page.goto('/#/python/lecture/python-day-7');
    await phone.page.getByRole('button', { name: 'Scratchpad', exact: true }).click();
    const phonePanel = phone.page.getByRole('dialog', { name: 'Scratchpad' });
    await phonePanel.getByRole('textbox', { name: 'Python code editor' }).click();
    await phone.page.keyboard.press('ControlOrMeta+a');
    await phone.page.keyboard.insertText('print(2 ** 10)\nwhile True:\n    pass\n');
    await phonePanel.getByRole('button', { name: 'Run', exact: true }).click();
    const phoneOutput = phonePanel.getByRole('log', { name: 'Output' });
    await phoneOutput.getByText('1024').waitFor({ timeout: 60_000 });
    await phoneOutput.getByText('Time limit exceeded (5 s)').waitFor({ timeout: 30_000 });
    await shot(phone.page, 'scratchpad-python-limit-phone');
    await phone.context.close();
  });
});
