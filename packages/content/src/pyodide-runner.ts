import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PYODIDE_RUNNER, type PyodideRunOutcome } from '@learn/shared';
import type { LessonTask } from './schema.js';
import { assembleProgram } from './source-checks.js';

/**
 * The scratchpad's Python, in Node: the same Pyodide package the web app serves (from node_modules, no
 * network) with the same run code (PYODIDE_RUNNER), so the content check can show that an example prints
 * in the browser what it prints on the server.
 */
export interface PyodideRun {
  stdout: string;
  stderr: string;
  /** null when the program did not compile (a SyntaxError). */
  exitCode: number | null;
  syntaxError: { line: number; message: string } | null;
}

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

/** The Python version Pyodide ships, read from its package files (pyodide-lock.json). */
export function pyodidePythonVersion(): string {
  const lock = JSON.parse(readFileSync(join(pyodideDir, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
  return lock.info.python;
}

type Pyodide = Awaited<ReturnType<typeof import('pyodide').loadPyodide>>;

export class PyodideRunner {
  private py: Promise<Pyodide> | undefined;

  private load(): Promise<Pyodide> {
    this.py ??= (async () => {
      const { loadPyodide } = await import('pyodide');
      const py = await loadPyodide({ indexURL: `${pyodideDir}/`, fullStdLib: false });
      py.runPython(PYODIDE_RUNNER);
      return py;
    })();
    return this.py;
  }

  /** Runs one program with its whole input given at once. Runs are one at a time (one interpreter). */
  async run(code: string, stdin = ''): Promise<PyodideRun> {
    const py = await this.load();
    const out: Uint8Array[] = [];
    const err: Uint8Array[] = [];
    const sink = (parts: Uint8Array[]) => (b: Uint8Array) => (parts.push(b.slice()), b.length);
    let rest = new TextEncoder().encode(stdin);
    py.setStdout({ write: sink(out), isatty: false });
    py.setStderr({ write: sink(err), isatty: false });
    py.setStdin({
      read: (b: Uint8Array) => {
        const n = Math.min(b.length, rest.length);
        b.set(rest.subarray(0, n));
        rest = rest.subarray(n);
        return n;
      },
      isatty: false,
    });
    const run = py.globals.get('_learn_run') as (source: string) => string;
    const result = JSON.parse(run(code)) as PyodideRunOutcome;
    const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString('utf8');
    if (result.syntax)
      return { stdout: '', stderr: result.output, exitCode: null, syntaxError: { line: result.line, message: result.message } };
    return { stdout: text(out), stderr: text(err), exitCode: result.status, syntaxError: null };
  }
}

const runner = new PyodideRunner();

/**
 * The content check's second opinion on a Python example that passed on the server: the scratchpad's Python
 * must end with the same exit code and, where the example states its output (so it is deterministic, unlike
 * one printing random numbers or the version), print the same. Returns the difference, or null.
 */
export async function pyodideDisagreement(
  code: string,
  stdin: string,
  server: { stdout: string; exitCode: number | null },
  deterministic: boolean,
) {
  const browser = await runner.run(code, stdin);
  if ((!deterministic || browser.stdout === server.stdout) && browser.exitCode === server.exitCode) return null;
  const said = (r: { stdout: string; exitCode: number | null }) => `${JSON.stringify(r.stdout)} (exit code ${r.exitCode ?? 'none'})`;
  const stderr = browser.stderr ? `\nbrowser stderr: ${browser.stderr.split('\n').slice(0, 4).join('\n')}` : '';
  return `in the browser (Pyodide, Python ${pyodidePythonVersion()}) it printed ${said(browser)}, on the server ${said(server)}; fix the example or mark it serverOnly with the reason${stderr}`;
}

/** A Python reference solution that passed its tests on the server must pass them in the scratchpad's Python too. */
export async function pyodideTaskFailure(solution: string, task: LessonTask): Promise<string | null> {
  for (const [k, test] of (task.tests ?? []).entries()) {
    const code = test.harness ? assembleProgram(solution, 'python', task.harness) : solution;
    const r = await runner.run(code, test.stdin);
    if (r.stdout !== test.expectedOutput || r.exitCode !== 0)
      return `test ${k} in the browser (Pyodide, Python ${pyodidePythonVersion()}): printed ${JSON.stringify(r.stdout)} (exit code ${r.exitCode ?? 'none'}), expected ${JSON.stringify(test.expectedOutput)}${r.stderr ? `\nbrowser stderr: ${r.stderr.split('\n').slice(0, 4).join('\n')}` : ''}`;
  }
  return null;
}
