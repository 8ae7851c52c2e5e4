import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import {
  createStudent,
  guideApi,
  newPage,
  screenshotDir,
  seriousViolations,
  signIn,
  startApp,
  type Running,
  type TestStudent,
} from '../support/harness.js';

/** The panel is fixed to the viewport: a screenshot of what the student sees, not of the whole page. */
const screenshot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

/** Replaces the editor's code (as typed text, without the editor's auto-indentation). */
async function setCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: /code editor/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Scratchpad' });
const output = (page: Page) => panel(page).getByRole('log', { name: 'Output' });

/** Runs and waits for the summary line; returns the wall time the student waited, in ms. */
async function runAndWait(page: Page, done: RegExp = /Finished in \d+ ms/): Promise<number> {
  const started = Date.now();
  await panel(page).getByRole('button', { name: 'Run', exact: true }).click();
  await output(page).getByText(done).waitFor({ timeout: 60_000 });
  return Date.now() - started;
}

describe('scratchpad', () => {
  let app: Running;
  let student: TestStudent;
  before(async () => {
    app = await startApp();
    const api = await guideApi(app);
    student = await createStudent(api, 'Sam Scratch', 'sam@example.com', [
      ['python-day-1', 'explanation'],
      ['python-day-1', 'code'],
      ['c-cpp-day-1', 'code'],
    ]);
  });
  after(() => app?.stop());

  it('a student runs a Python example, answers input(), stops an endless loop and finds the draft after a reload', async () => {
    const { context, page } = await newPage(app);
    const timings: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().startsWith('[scratchpad]')) timings.push(msg.text());
    });
    await signIn(page, 'python', student.email, student.password);
    await page.waitForURL(/#\/python\/student$/);
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/python/lecture/python-day-1');
    await page.getByRole('heading', { name: 'Introduction to Python' }).waitFor();
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the page is cross-origin isolated');
    // Nothing of the panel, CodeMirror or Pyodide is fetched before the scratchpad opens.
    const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.equal((await fetched()).filter((n) => /scratchpad-panel|pyodide|python\.worker/.test(n)).length, 0);

    await page.getByRole('tab', { name: 'Detailed Explanation' }).click();
    await page
      .getByRole('button', { name: /^Run in Scratchpad/ })
      .first()
      .click();
    await panel(page).waitFor();
    await page.getByRole('textbox', { name: 'Python code editor' }).getByText('print("Hello, World!")').waitFor();
    const first = await runAndWait(page);
    await output(page).getByText('Hello, World!').waitFor();
    await output(page)
      .getByText(/exit code 0/)
      .waitFor();
    const second = await runAndWait(page);
    console.log(
      `[e2e] Python in the browser: first run ${first} ms (Pyodide load included), second run ${second} ms; ${timings.join('; ')}`,
    );
    assert.equal((await fetched()).filter((n) => /cdn|jsdelivr/.test(n)).length, 0, 'Pyodide comes from our own origin');

    // input() waits for a line typed in the console.
    await setCode(page, 'name = input("Your name? ")\nprint("Hello, " + name + "!")\n');
    await panel(page).getByRole('button', { name: 'Run', exact: true }).click();
    await panel(page).getByText('Your program is waiting for input.').waitFor();
    await output(page).getByText('Your name?').waitFor();
    const input = panel(page).getByRole('textbox', { name: /Program input/ });
    await input.fill('Ada');
    await input.press('Enter');
    await output(page).getByText('Hello, Ada!').waitFor();
    await output(page)
      .getByText(/Finished in \d+ ms, exit code 0/)
      .waitFor();
    await screenshot(page, 'scratchpad-desktop');
    assert.deepEqual(await seriousViolations(page), []);

    // A syntax error links to its line; the link puts the cursor there.
    await setCode(page, 'print("one")\nprint("two"\nprint("three")\n');
    await runAndWait(page, /Syntax error on line 2/);
    await output(page)
      .getByRole('button', { name: /Go to line 2/ })
      .click();
    assert.equal(await panel(page).locator('.cm-activeLine').textContent(), 'print("two"');

    // Stop interrupts an endless loop without reloading Pyodide; the next run is quick again.
    await setCode(page, 'n = 0\nwhile True:\n    n += 1\n');
    await panel(page).getByRole('button', { name: 'Run', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Stop' }).waitFor();
    // Stop while the loop runs in Python (not while the run is still starting).
    await panel(page).getByText('Running...', { exact: true }).waitFor();
    await panel(page).getByRole('button', { name: 'Stop' }).click();
    await output(page).getByText('Stopped.').waitFor({ timeout: 10_000 });
    await setCode(page, 'print(sum(range(10)))\n');
    const afterStop = await runAndWait(page);
    await output(page).getByText('45').waitFor();
    console.log(`[e2e] Python run after Stop: ${afterStop} ms`);
    assert.equal(timings.filter((t) => t.includes('Python loaded')).length, 1, 'Pyodide loaded once');

    // The draft is kept per user and language across reloads; the page scrolls again once the panel closes.
    // The editor saves it after a short pause: reload once it is in the browser's storage.
    await page.waitForFunction(
      (code) =>
        Object.keys(localStorage).some(
          (k) => k.startsWith('learn.scratchpad.') && k.endsWith('.python') && localStorage.getItem(k)?.includes(code),
        ),
      'print(sum(range(10)))',
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Introduction to Python' }).waitFor();
    await page.getByRole('button', { name: 'Scratchpad' }).click();
    await page.getByRole('textbox', { name: 'Python code editor' }).getByText('print(sum(range(10)))').waitFor();
    await panel(page).getByRole('button', { name: 'Close the scratchpad' }).click();
    await panel(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the panel full screen on a phone and blocks page scrolling', async () => {
    const { context, page } = await newPage(app, 'phone');
    await signIn(page, 'python', student.email, student.password);
    await page.waitForURL(/#\/python\/student$/);
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/python/lecture/python-day-1');
    await page.getByRole('heading', { name: 'Introduction to Python' }).waitFor();
    await screenshot(page, 'scratchpad-button-phone');
    await page.getByRole('button', { name: 'Scratchpad' }).click();
    await panel(page).waitFor();
    await setCode(page, 'for i in range(3):\n    print("line", i)\n');
    await runAndWait(page);
    await output(page).getByText('line 2').waitFor();
    const box = await panel(page).boundingBox();
    assert.ok(box && box.width >= 389, `full width on a phone (${box?.width}px)`);
    const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
    assert.equal(overflow, 'hidden', 'the page behind does not scroll');
    await screenshot(page, 'scratchpad-phone');
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  it('runs a C example on the server and answers a scanf prompt line by line', async () => {
    const { context, page } = await newPage(app);
    await signIn(page, 'c-cpp', student.email, student.password);
    await page.waitForURL(/#\/c-cpp\/student$/);
    await page.getByText('Welcome back', { exact: false }).first().waitFor();
    await page.goto('/#/c-cpp/lecture/c-cpp-day-1');
    await page.getByRole('heading', { name: 'Introduction to C' }).waitFor();
    await page.getByRole('tab', { name: 'Code & Examples' }).click();
    await page
      .getByRole('button', { name: /^Run in Scratchpad/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'C code editor' }).getByText('printf("Hello, world!\\n");').waitFor();
    await runAndWait(page);
    await output(page).getByText('Hello, world!').waitFor();
    await output(page)
      .getByText(/exit code 0/)
      .waitFor();

    await setCode(
      page,
      '#include <stdio.h>\n\nint main(void)\n{\n    int n;\n    printf("Number? ");\n    fflush(stdout);\n    if (scanf("%d", &n) == 1)\n        printf("Twice: %d\\n", 2 * n);\n    return 0;\n}\n',
    );
    await panel(page).getByRole('button', { name: 'Run', exact: true }).click();
    await output(page).getByText('Number?').waitFor({ timeout: 30_000 });
    const input = panel(page).getByRole('textbox', { name: /Program input/ });
    await input.fill('21');
    await input.press('Enter');
    await output(page).getByText('Twice: 42').waitFor();
    await output(page)
      .getByText(/exit code 0/)
      .waitFor();

    // A compile error links to its line.
    await setCode(page, '#include <stdio.h>\nint main(void) {\n    printf("x")\n    return 0;\n}\n');
    await runAndWait(page, /Compilation failed/);
    await output(page)
      .getByRole('button', { name: /Go to line 3/ })
      .first()
      .click();
    assert.match((await panel(page).locator('.cm-activeLine').textContent()) ?? '', /printf\("x"\)/);
    await screenshot(page, 'scratchpad-c-desktop');

    // A crash is named in plain words with its usual cause, after what the program printed before it.
    await setCode(
      page,
      '#include <stdio.h>\nint main(void) {\n    int *p = NULL;\n    printf("before the crash");\n    *p = 1;\n    return 0;\n}\n',
    );
    await runAndWait(page);
    await output(page).getByText('before the crash').waitFor();
    await output(page)
      .getByText(/The program crashed: Segmentation fault \(SIGSEGV\): it used memory it does not own/)
      .waitFor();
    await screenshot(page, 'scratchpad-c-crash-desktop');
    await context.close();
  });
});
