import { describe, expect, it } from 'vitest';
import { lessonSchema } from './schema.js';
import { checkLessons } from './checker.js';

function lessonWith(task: Record<string, unknown>) {
  const lesson = lessonSchema.parse({
    day: 1,
    title: 'T',
    description: 'D',
    keyConcepts: ['a', 'b', 'c', 'd'],
    quickQuiz: [{ question: 'Q?', options: ['1', '2', '3', '4'], correctAnswer: 0 }],
    detailedContent: [{ type: 'paragraph', text: 'x' }],
    assignment: { tasks: [{ hints: ['Read the two numbers first.'], ...task }] },
  });
  return { lesson: { ...lesson, file: '/x/day-01-t.yaml' }, language: 'c' as const };
}

const sum = '#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a + b); return 0; }\n';

describe('the content check', () => {
  it('fails a task whose tests a hard-coded program or the starter passes', async () => {
    const weak = lessonWith({
      type: 'exercise',
      content: 'Add two numbers.',
      initialCode: '#include <stdio.h>\nint main(void) { printf("5\\n"); return 0; }\n',
      solution: sum,
      tests: [{ stdin: '2 3\n', expectedOutput: '5\n' }],
    });
    const problems = await checkLessons([weak], 1);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/mutation check: the starter code passes every test; a program that only prints the first expected output/),
    ]);
  });

  it('passes the same task once an input-driven case is added', async () => {
    const strong = lessonWith({
      type: 'exercise',
      content: 'Add two numbers.',
      solution: sum,
      tests: [
        { stdin: '2 3\n', expectedOutput: '5\n' },
        { stdin: '-4 10\n', expectedOutput: '6\n' },
      ],
    });
    expect(await checkLessons([strong], 1)).toEqual([]);
  });

  it('fails a task whose listed weak program passes, and names it; passes once the tests catch it', async () => {
    const onlyFirstTwo =
      '#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a > 0 ? a + b : 6); return 0; }\n';
    const task = {
      type: 'exercise',
      content: 'Add two numbers.',
      solution: sum,
      tests: [
        { stdin: '2 3\n', expectedOutput: '5\n' },
        { stdin: '-4 10\n', expectedOutput: '6\n' },
      ],
      weakPrograms: [{ why: 'right for positive first numbers only', code: onlyFirstTwo }],
    };
    const problems = await checkLessons([lessonWith(task)], 1);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('weakPrograms[0] (right for positive first numbers only) passes every test'),
    ]);
    const caught = { ...task, tests: [...task.tests, { stdin: '-1 -1\n', expectedOutput: '-2\n' }] };
    expect(await checkLessons([lessonWith(caught)], 1)).toEqual([]);
  });

  it('fails a task whose weak program only fails because it does not compile (a typo is not a weakness)', async () => {
    const task = {
      type: 'exercise',
      content: 'Add two numbers.',
      solution: sum,
      tests: [
        { stdin: '2 3\n', expectedOutput: '5\n' },
        { stdin: '-4 10\n', expectedOutput: '6\n' },
      ],
      weakPrograms: [{ why: 'prints a constant', code: '#include <stdio.h>\nint main(void) { printf("5\\n") return 0; }\n' }],
    };
    const problems = await checkLessons([lessonWith(task)], 1);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('weakPrograms[0] (prints a constant) does not compile')]);
  });

  it('fails a C solution that overflows int, found by the sanitizer', async () => {
    const overflow = lessonWith({
      type: 'exercise',
      content: 'Multiply.',
      solution: '#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) == 2) printf("%d\\n", a * b); return 0; }\n',
      tests: [
        { stdin: '2 3\n', expectedOutput: '6\n' },
        { stdin: '100000 100000\n', expectedOutput: '1410065408\n' },
      ],
    });
    const problems = await checkLessons([overflow], 1);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('signed integer overflow')]);
  });
});
