import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { newPage, startApp, type Running } from '../support/harness.js';

/**
 * Compressed JavaScript a first page (landing or login) may download; the rest loads behind sign-in. The
 * built entry is measured gzip'd; in the browser, what is transferred (the server sends Brotli when asked).
 */
const JS_BUDGET = 150 * 1024;
/** Mantine's whole stylesheet is 250 KB; the first page needs only the components it shows. */
const CSS_BUDGET = 100 * 1024;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The entry script, its modulepreloads and stylesheets, and every chunk they import statically. */
function entryFiles(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`assets/${m[1]!}`);
  }
  return [...seen];
}

describe('page weight', () => {
  let app: Running;
  before(async () => {
    app = await startApp();
  });
  after(() => app?.stop());

  it('the built entry (script, preloads and their static imports) stays under the budget', () => {
    const files = entryFiles();
    assert.ok(files.some((f) => f.endsWith('.js')) && files.some((f) => f.endsWith('.css')), `entry files: ${files.join(', ')}`);
    let js = 0;
    let css = 0;
    for (const f of files) {
      const data = readFileSync(join(dist, f));
      if (f.endsWith('.js')) js += gzipSync(data, { level: 9 }).length;
      else css += data.length;
    }
    console.log(`entry: ${files.length} files, JS ${kb(js)} gzip, CSS ${kb(css)} uncompressed`);
    assert.ok(js < JS_BUDGET, `entry JavaScript is ${kb(js)} gzip, over the ${kb(JS_BUDGET)} budget`);
    assert.ok(css < CSS_BUDGET, `entry CSS is ${kb(css)} uncompressed, over the ${kb(CSS_BUDGET)} budget`);
  });

  it('keeps the Markdown parser and Pyodide out of the entry: they load with the pages that use them', () => {
    for (const f of entryFiles().filter((file) => file.endsWith('.js'))) {
      const code = readFileSync(join(dist, f), 'utf8');
      // 'balance_pairs' is a rule name inside markdown-it; pyodide.mjs is what the Python worker imports.
      assert.ok(!code.includes('balance_pairs'), `${f} holds the Markdown parser`);
      assert.ok(!/loadPyodide|pyodide\.mjs/.test(code), `${f} holds Pyodide`);
    }
    const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    assert.ok(
      chunks.some((f) => readFileSync(join(dist, 'assets', f), 'utf8').includes('balance_pairs')),
      'the Markdown parser is in a lazy chunk (the check above looks for the right thing)',
    );
  });

  for (const [name, path, heading] of [
    ['landing', '/', 'Python Programming'],
    ['login', '/#/c-cpp/login', 'Welcome to Learn'],
  ] as const) {
    it(`the ${name} page downloads under ${kb(JS_BUDGET)} of compressed JavaScript in the browser`, async () => {
      const { context, page } = await newPage(app);
      const sizes = { js: 0, css: 0, cssFiles: [] as string[], jsFiles: 0 };
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        const url = new URL(request.url());
        const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
        if (!type) return;
        pending.push(
          request.sizes().then((s) => {
            sizes[type] += s.responseBodySize;
            if (type === 'js') sizes.jsFiles++;
            else sizes.cssFiles.push(url.pathname);
          }),
        );
      });
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      console.log(`${name}: ${sizes.jsFiles} scripts, JS ${kb(sizes.js)} and CSS ${kb(sizes.css)} transferred (compressed)`);
      assert.ok(sizes.jsFiles > 0, 'scripts were counted');
      assert.ok(sizes.js < JS_BUDGET, `${name} transferred ${kb(sizes.js)} of JavaScript, over ${kb(JS_BUDGET)}`);
      // The signed-in layout's full stylesheet is not part of a signed-out page.
      assert.equal(sizes.cssFiles.length, 1, `stylesheets: ${sizes.cssFiles.join(', ')}`);
      await context.close();
    });
  }
});
