import { describe, expect, it } from 'vitest';
import { Runner } from '@learn/runner';
import { assembleProgram, lessonSchema, sourceCheckFailures, stripCode } from './index.js';
import { hardCodedProgram } from './checker.js';

describe('source checks', () => {
  it('blank comments and literals so a construct in a comment or string does not count', () => {
    const c = 'int *p = malloc(4); // free(p)\nputs("free(p)"); /* free */ char q = \'"\';';
    const s = stripCode(c, 'c');
    expect(s).toContain('malloc(4)');
    expect(s).not.toContain('free');
    expect(s.split('\n').length).toBe(2);
    expect(stripCode('x = 1  # import json\ns = "import json"\n"""import json"""', 'python')).not.toContain('json');
  });

  it("keep a Python f-string's {expressions} as code, and blank its text", () => {
    const code = ['print(f"gcd is {math.gcd(a, b)} {{min}}")', "x = rf'{min(xs)}'", 'y = F"""{max(ys)} max"""', 'z = "{sum(zs)}"'].join(
      '\n',
    );
    const s = stripCode(code, 'python');
    expect(s).toContain('math.gcd(a, b)');
    expect(s).toContain('min(xs)');
    expect(s).toContain('max(ys)');
    expect(s).not.toContain('gcd is');
    expect(s).not.toMatch(/\{min\}| max"/);
    // A plain string's braces are text, not code.
    expect(s).not.toContain('sum(zs)');
    expect(s.split('\n').length).toBe(4);
  });

  it('report each failed require and forbid with its message', () => {
    const checks = [
      { mode: 'require' as const, pattern: '\\bfree\\s*\\(', message: 'Free what you allocate.' },
      { mode: 'forbid' as const, pattern: '\\[', message: 'Use pointers, not indexing.' },
    ];
    expect(sourceCheckFailures('int a[3]; // free(a)', 'c', checks)).toEqual(['Free what you allocate.', 'Use pointers, not indexing.']);
    expect(sourceCheckFailures('int *a = malloc(4); free(a);', 'c', checks)).toEqual([]);
  });

  it('rejects an invalid pattern in the lesson format', () => {
    const task = {
      type: 'exercise',
      content: 'x',
      solution: 'x',
      tests: [{ expectedOutput: '1' }],
      sourceChecks: [{ mode: 'require', pattern: '(', message: 'm' }],
    };
    const r = lessonSchema.shape.assignment.safeParse({ tasks: [task] });
    expect(r.success).toBe(false);
  });

  it('builds the hard-coded program of the mutation check in each language', () => {
    expect(hardCodedProgram('c', 'A\n')).toContain('fputs("A\\n", stdout)');
    expect(hardCodedProgram('python', 'A\n')).toContain('sys.stdout.write("A\\n")');
  });
});

describe('test harness', () => {
  const runner = new Runner();
  async function run(lang: 'c' | 'python', code: string, stdin = '') {
    const { program, compile } = await runner.compileOnce({ language: lang, code });
    if (!program) throw new Error(compile?.output ?? 'no program');
    try {
      return (await runner.runCompiled(program, { stdin })).stdout;
    } finally {
      await program.dispose();
    }
  }

  it('calls a C learner function from its own main, ignoring what the learner main prints', async () => {
    const learner = '#include <stdio.h>\nint twice(int x) { return 2 * x; }\nint main(void) { printf("6\\n"); return 0; }\n';
    const harness = 'int main(void) { int n; while (scanf("%d", &n) == 1) printf("%d\\n", twice(n)); return 0; }\n';
    expect(await run('c', assembleProgram(learner, 'c', harness), '4 5\n')).toBe('8\n10\n');
    const hardCoded = '#include <stdio.h>\nint main(void) { printf("8\\n10\\n"); return 0; }\n';
    await expect(run('c', assembleProgram(hardCoded, 'c', harness))).rejects.toThrow(/twice/);
  });

  it('imports a Python learner module without running its __main__ block', async () => {
    const learner = 'def twice(x):\n    return 2 * x\n\nif __name__ == "__main__":\n    print("main ran")\n';
    expect(await run('python', assembleProgram(learner, 'python', 'print(learner.twice(21))'))).toBe('42\n');
  });
});
