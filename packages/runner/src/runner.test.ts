import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitMessage } from './limits.js';
import { parseDiagnostics, tidyCompilerOutput } from './diagnostics.js';
import { Runner } from './runner.js';
import { run, testRunner } from './testing.js';

describe('limit messages', () => {
  it("speak a beginner's words with the default limits", () => {
    expect(limitMessage('cpu-time', DEFAULT_LIMITS)).toBe('Time limit exceeded (5 s)');
    expect(limitMessage('wall-time', DEFAULT_LIMITS)).toMatch(/^Time limit exceeded \(10 s wall clock/);
    // An interactive run is stopped by its own limit, and says that figure.
    expect(limitMessage('wall-time', DEFAULT_LIMITS, 'run', true)).toMatch(
      /^Time limit exceeded \(2 min: the longest a program may run while you type/,
    );
    expect(limitMessage('memory', DEFAULT_LIMITS)).toBe('Memory limit exceeded (256 MiB)');
    expect(limitMessage('output', DEFAULT_LIMITS)).toBe('Output cut at 64 KiB');
    expect(limitMessage('processes', DEFAULT_LIMITS)).toBe('Too many processes (64)');
    expect(limitMessage('file-size', DEFAULT_LIMITS, 'compile')).toMatch(
      /^The program is too large: a compiled program may be at most 64 MiB/,
    );
    expect(limitMessage('file-size', DEFAULT_LIMITS)).toBe('File size limit exceeded (8 MiB)');
    expect(limitMessage('wall-time', DEFAULT_LIMITS, 'compile')).toBe('Compilation took too long (10 s)');
  });
});

describe('diagnostics', () => {
  const out = [
    'main.c: In function ‘main’:',
    'main.c:3:5: warning: unused variable ‘x’ [-Wunused-variable]',
    '    3 |   int x;',
    'main.c:4:10: error: expected ‘;’ before ‘}’ token',
    'In file included from main.c:1:',
    '/usr/include/stdio.h:10:2: error: something in a header',
    'main.c:1:10: fatal error: nothere.h: No such file or directory',
    'main.c:4:3: note: each undeclared identifier is reported only once',
  ].join('\n');

  it("keeps line, column, severity and message of the learner's file only", () => {
    expect(parseDiagnostics(out, 'main.c')).toEqual([
      { line: 3, column: 5, severity: 'warning', message: 'unused variable ‘x’ [-Wunused-variable]' },
      { line: 4, column: 10, severity: 'error', message: 'expected ‘;’ before ‘}’ token' },
      { line: 1, column: 10, severity: 'error', message: 'nothere.h: No such file or directory' },
      { line: 4, column: 3, severity: 'note', message: 'each undeclared identifier is reported only once' },
    ]);
  });

  it("names the linker and the learner's object file instead of sandbox paths", () => {
    expect(tidyCompilerOutput("/usr/bin/ld: /tmp/ccAb12Cd.o: in function `main':", 'main.c')).toBe("linker: main.o: in function `main':");
  });

  it("come from a real compilation, with the learner's file name", async () => {
    const { compile, run: r } = await run('cpp', '#include <iostream>\nint main() {\n  int unused;\n  std::cout << "hi" \n}\n');
    expect(compile!.ok).toBe(false);
    expect(r).toBeNull();
    expect(compile!.diagnostics).toContainEqual(expect.objectContaining({ line: 3, column: 7, severity: 'warning' }));
    expect(compile!.diagnostics.some((d) => d.severity === 'error' && d.line >= 4)).toBe(true);
    expect(compile!.output).toContain('main.cpp:3:7');
    expect(compile!.output).not.toContain('/work');
  });
});

describe('runs', () => {
  it('gives stdin from the request, and end of input at once when there is none', async () => {
    const code =
      '#include <stdio.h>\nint main(void){ int a, b; if (scanf("%d %d", &a, &b) != 2) { puts("no input"); return 2; } printf("%d\\n", a + b); return 0; }';
    expect((await run('c', code, '2 40\n')).run).toMatchObject({ stdout: '42\n', exitCode: 0, limit: null });
    const eof = (await run('c', code)).run!;
    expect(eof).toMatchObject({ stdout: 'no input\n', exitCode: 2, signal: null, limit: null });
    const py = (await run('python', 'print(input())')).run!;
    expect(py.stderr).toContain('EOFError');
    expect(py.stderr).toContain('File "main.py", line 1');
    expect(py.limit).toBeNull();
  });

  it('reports the exit code and a crash signal', async () => {
    expect((await run('c', 'int main(void){ return 7; }')).run).toMatchObject({ exitCode: 7, signal: null });
    expect((await run('c', 'int main(void){ volatile int *p = 0; return *p; }')).run).toMatchObject({
      exitCode: null,
      signal: 'SIGSEGV',
      limit: null,
    });
  });

  it('compiles once and runs many tests, with extra flags (a sanitizer)', async () => {
    const { compile, program } = await testRunner.compileOnce({
      language: 'c',
      code: '#include <stdio.h>\n#include <stdlib.h>\nint main(void){ int n; if (scanf("%d", &n) != 1) return 1; int *a = calloc(4, sizeof *a); printf("%d\\n", a[n]); free(a); return 0; }',
      extraFlags: ['-fsanitize=address', '-g'],
    });
    expect(compile!.ok).toBe(true);
    try {
      const results = await Promise.all(['1', '2', '3'].map((stdin) => testRunner.runCompiled(program!, { stdin })));
      expect(results.map((r) => r.stdout)).toEqual(['0\n', '0\n', '0\n']);
      const bad = await testRunner.runCompiled(program!, { stdin: '4' });
      expect(bad.stderr).toContain('AddressSanitizer');
      expect(bad.exitCode).not.toBe(0);
    } finally {
      await program!.dispose();
    }
  });

  it('holds a sanitized program to the memory limit through the sanitizer', async () => {
    const code =
      '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\nint main(void){ for(int i=0;i<100;i++){ char*p=malloc(64<<20); if(!p) return 1; memset(p,1,64<<20); usleep(50000);} puts("ALL"); }';
    const { program } = await testRunner.compileOnce({ language: 'c', code, extraFlags: ['-fsanitize=address'] });
    const r = await testRunner.runCompiled(program!);
    await program!.dispose();
    expect(r.stdout).toBe('');
    expect(r.limit).toBe('memory');
  });

  it('streams output and takes input line by line in an interactive run', async () => {
    const { program } = await testRunner.compileOnce({
      language: 'c',
      code: '#include <stdio.h>\nint main(void){ char name[50]; printf("Name? "); if (scanf("%49s", name) != 1) return 1; printf("Hello, %s!\\n", name); return 0; }',
    });
    const seen: string[] = [];
    let answered = false;
    const handle = testRunner.start(program!, {
      interactive: true,
      onStdout: (d) => {
        seen.push(d);
        // The prompt arrives before any input was sent: output is not held back by buffering.
        if (!answered && seen.join('').includes('Name? ')) {
          answered = true;
          handle.write('Ada\n');
        }
      },
    });
    const result = await handle.done;
    await program!.dispose();
    expect(answered).toBe(true);
    expect(seen.join('')).toBe('Name? Hello, Ada!\n');
    expect(result).toMatchObject({ exitCode: 0, limit: null });
  });

  it('kill() ends an interactive run', async () => {
    const { program } = await testRunner.compileOnce({ language: 'python', code: 'while True:\n    input()\n' });
    const handle = testRunner.start(program!, { interactive: true });
    setTimeout(() => handle.kill(), 200);
    const result = await handle.done;
    await program!.dispose();
    expect(result.signal).toBe('SIGKILL');
    expect(result.limit).toBeNull();
  });

  it('says why when bubblewrap is missing', async () => {
    const runner = new Runner({ bwrapPath: '/nonexistent/bwrap' });
    const status = await runner.status();
    expect(status.available).toBe(false);
    expect(status.reason).toContain('bubblewrap was not found at /nonexistent/bwrap');
    await expect(runner.runProgram({ language: 'c', code: 'int main(void){return 0;}' })).rejects.toThrow(/bubblewrap was not found/);
  });
});
