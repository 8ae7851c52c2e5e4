import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitMessage } from '@learn/runner';
import { RUN_LIMITS, timeLimitMessage } from '@learn/shared';
import { courses, loadCourse } from './index.js';
import { PyodideRunner, pyodideDisagreement, pyodidePythonVersion } from './pyodide-runner.js';

const minor = (version: string) => /(\d+\.\d+)/.exec(version)?.[1];
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('the scratchpad’s Python and the grader’s Python', () => {
  it('are the same minor version (Pyodide from its package files, the server from python3 --version)', () => {
    const server = execFileSync('python3', ['--version'], { encoding: 'utf8' });
    expect(minor(pyodidePythonVersion())).toBe(minor(server));
    // The web app serves the very package this check loads.
    const webPyodide = dirname(createRequire(join(root, 'apps', 'web', 'package.json')).resolve('pyodide/package.json'));
    const lock = JSON.parse(readFileSync(join(webPyodide, 'pyodide-lock.json'), 'utf8')) as { info: { python: string } };
    expect(lock.info.python).toBe(pyodidePythonVersion());
  });

  it('stop at the same limits with the same words', () => {
    expect({
      cpuMs: DEFAULT_LIMITS.cpuMs,
      wallMs: DEFAULT_LIMITS.wallMs,
      interactiveWallMs: DEFAULT_LIMITS.interactiveWallMs,
      outputBytes: DEFAULT_LIMITS.outputBytes,
    }).toEqual(RUN_LIMITS);
    expect(timeLimitMessage('cpu-time', RUN_LIMITS, true)).toBe(limitMessage('cpu-time', DEFAULT_LIMITS));
    expect(timeLimitMessage('wall-time', RUN_LIMITS, false)).toBe(limitMessage('wall-time', DEFAULT_LIMITS));
    expect(timeLimitMessage('wall-time', RUN_LIMITS, true)).toBe(limitMessage('wall-time', DEFAULT_LIMITS, 'run', true));
  });
});

describe('Python in Pyodide', () => {
  const py = new PyodideRunner();

  it('starts every run from a clean interpreter: Python 39’s logging examples, one after the other', async () => {
    const python = courses.find((c) => c.folder === 'python')!;
    const day39 = loadCourse(python).lessons.find((l) => l.day === 39)!;
    const logging = [...day39.detailedContent, ...day39.codeContent].filter(
      (b) => b.type === 'code' && b.code.includes('logging.basicConfig'),
    );
    expect(logging.length).toBeGreaterThanOrEqual(2);
    for (const block of logging) {
      if (block.type !== 'code') continue;
      const run = await py.run(block.code, block.stdin ?? '');
      expect(run.stdout).toBe(block.expectedOutput);
    }
  }, 120_000);

  it('forgets globals, modules, unread input, files and changed builtins of the last run', async () => {
    const first = await py.run(
      [
        'import builtins, logging, random, sys',
        'secret = 42',
        'sys.modules["extra"] = sys',
        'logging.basicConfig(level=logging.DEBUG)',
        'random.seed(7)',
        'builtins.len = None',
        'sys.path.append("/nowhere")',
        'open("notes.txt", "w").write("x")',
        'print(input())',
      ].join('\n'),
      'one\ntwo\n',
    );
    expect(first).toMatchObject({ stdout: 'one\n', exitCode: 0 });
    const second = await py.run(
      [
        'import logging, os, sys',
        'print("secret" in globals(), "extra" in sys.modules, "/nowhere" in sys.path, os.listdir("."))',
        'print(logging.getLogger().level == logging.WARNING, logging.getLogger().handlers, len("abc"))',
        'logging.debug("hidden")',
        'print(input())',
      ].join('\n'),
      'three\n',
    );
    // The folder holds the program's own main.py, as the server's work folder does, and nothing else.
    expect(second).toMatchObject({ stdout: "False False False ['main.py']\nTrue [] 3\nthree\n", stderr: '', exitCode: 0 });
  }, 120_000);

  it('tells the content check where the browser and the server disagree', async () => {
    const platform = 'import sys\nprint(sys.platform)\n';
    const problem = await pyodideDisagreement(platform, '', { stdout: 'linux\n', exitCode: 0 }, true);
    expect(problem).toMatch(
      /in the browser \(Pyodide, Python 3\.11\.\d+\) it printed "emscripten\\n" \(exit code 0\), on the server "linux\\n"/,
    );
    // An example that states no output (random numbers, a version) is held to its exit code only.
    expect(await pyodideDisagreement(platform, '', { stdout: 'linux\n', exitCode: 0 }, false)).toBeNull();
    expect(await pyodideDisagreement('print(1)\n', '', { stdout: '1\n', exitCode: 0 }, true)).toBeNull();
  }, 120_000);

  it('reports a syntax error with its line, and exit codes as python3 does', async () => {
    expect((await py.run('print("a")\nif True\n    pass\n')).syntaxError).toEqual({ line: 2, message: "expected ':'" });
    expect(await py.run('import sys\nprint("bye")\nsys.exit(3)\n')).toMatchObject({ stdout: 'bye\n', exitCode: 3 });
    const crash = await py.run('print(1)\nprint(1 / 0)\n');
    expect(crash.exitCode).toBe(1);
    // With the line's source, as python3 main.py prints it.
    expect(crash.stderr).toMatch(/File "main.py", line 2, in <module>\n\s+print\(1 \/ 0\)\n[\s~^]*ZeroDivisionError: division by zero/);
  }, 120_000);
});
