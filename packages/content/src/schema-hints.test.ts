import { describe, expect, it } from 'vitest';
import { lessonSchema, taskSchema } from './schema.js';

const base = {
  type: 'exercise',
  content: 'Print the sum of two integers.',
  solution: 'int main(void) {\n  printf("%d\\n", a + b);\n}\n',
  tests: [{ stdin: '2 3\n', expectedOutput: '5\n' }],
};

describe('task hints', () => {
  it('accepts one or two non-empty hints', () => {
    expect(taskSchema.safeParse({ ...base, hints: ['Read both numbers with one scanf.'] }).success).toBe(true);
    expect(taskSchema.safeParse({ ...base, hints: ['One.', 'Two.'] }).success).toBe(true);
  });

  it('refuses no hints in the list, three hints, an empty hint and a hint that pastes a solution line', () => {
    const issues = (hints: unknown) => taskSchema.safeParse({ ...base, hints }).error?.issues.map((i) => i.message) ?? [];
    expect(issues([])).toEqual(['give one or two hints']);
    expect(issues(['a', 'b', 'c'])).toEqual(['at most two hints']);
    expect(issues(['  '])).toEqual(['must not be empty']);
    expect(issues(['Try printf("%d\\n", a + b);'])[0]).toMatch(/^a hint must not paste solution code/);
  });
});

describe('course lessons', () => {
  it('refuse a task without hints', () => {
    const lesson = {
      day: 1,
      title: 'Sums',
      description: 'Adding numbers.',
      keyConcepts: ['a', 'b', 'c', 'd'],
      quickQuiz: [{ question: 'What is 1 + 1?', options: ['1', '2', '3', '4'], correctAnswer: 1 }],
      detailedContent: [{ type: 'paragraph', text: 'Add.' }],
      assignment: { tasks: [base] },
    };
    const result = lessonSchema.safeParse(lesson);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['assignment.tasks.0.hints', 'give one or two hints: every task of a course lesson has them'],
    ]);
    expect(lessonSchema.safeParse({ ...lesson, assignment: { tasks: [{ ...base, hints: ['Use one scanf.'] }] } }).success).toBe(true);
  });
});
