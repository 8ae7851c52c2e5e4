import { describe, expect, it } from 'vitest';
import { lessonSchema, sourceCheckFailures, stripCode } from './index.js';
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

  it('report each failed require and forbid with its message', () => {
    const checks = [
      { mode: 'require' as const, pattern: '\\bfree\\s*\\(', message: 'Free what you allocate.' },
      { mode: 'forbid' as const, pattern: '\\[', message: 'Use pointers, not indexing.' },
    ];
    expect(sourceCheckFailures('int a[3]; // free(a)', 'c', checks)).toEqual(['Free what you allocate.', 'Use pointers, not indexing.']);
    expect(sourceCheckFailures('int *a = malloc(4); free(a);', 'c', checks)).toEqual([]);
  });

  it('rejects an invalid pattern in the lesson format', () => {
    const task = { type: 'exercise', content: 'x', solution: 'x', tests: [{ expectedOutput: '1' }], sourceChecks: [{ mode: 'require', pattern: '(', message: 'm' }] };
    const r = lessonSchema.shape.assignment.safeParse({ tasks: [task] });
    expect(r.success).toBe(false);
  });

  it('builds the hard-coded program of the mutation check in each language', () => {
    expect(hardCodedProgram('c', 'A\n')).toContain('fputs("A\\n", stdout)');
    expect(hardCodedProgram('python', 'A\n')).toContain('sys.stdout.write("A\\n")');
  });
});
