import { describe, expect, it } from 'vitest';
import type { AssignmentView } from '@learn/shared';
import { errorsFromPaths, gradingAfterSave, parseTasks, type TaskForm } from './assignment-form';

const saved: AssignmentView['tasks'] = [
  { type: 'exercise', content: 'Print hello', autograded: true, testCount: 3 },
  { type: 'homework', content: 'Sum numbers', autograded: true, testCount: 2 },
];
const task = (origin: number | null, type: TaskForm['type']): TaskForm => ({ key: 'k', origin, type, content: 'x', initialCode: '' });

describe('gradingAfterSave', () => {
  it.each([
    ['unchanged task keeps its tests', task(0, 'exercise'), 0, { kind: 'autograded', tests: 3 }],
    ['type change loses the tests', task(0, 'homework'), 0, { kind: 'loses-tests', tests: 3 }],
    ["task 2 moved up keeps its own tests, not task 1's", task(1, 'homework'), 0, { kind: 'autograded', tests: 2 }],
    ['task 2 moved up with another type loses its own tests', task(1, 'exercise'), 0, { kind: 'loses-tests', tests: 2 }],
    ['a new task in a free place is graded by hand', task(null, 'homework'), 2, { kind: 'manual' }],
  ] as const)('%s', (_, t, index, expected) => {
    expect(gradingAfterSave(saved, t, index)).toEqual(expected);
  });

  it('a task that was never autograded stays manual', () => {
    expect(gradingAfterSave([{ type: 'homework', content: 'x', autograded: false, testCount: 0 }], task(0, 'homework'), 0)).toEqual({
      kind: 'manual',
    });
  });
});

describe('parseTasks', () => {
  it('leaves out blank starter code and keeps real code as typed', () => {
    const r = parseTasks([
      { key: 'a', origin: 0, type: 'exercise', content: 'Do it', initialCode: '  \n' },
      { key: 'b', origin: null, type: 'homework', content: 'More', initialCode: 'int main() {}\n' },
    ]);
    expect(r).toEqual({
      ok: true,
      value: {
        tasks: [
          { type: 'exercise', content: 'Do it', from: 0 },
          { type: 'homework', content: 'More', from: null, initialCode: 'int main() {}\n' },
        ],
      },
    });
  });

  it('marks an empty task text with the shared message', () => {
    const r = parseTasks([{ key: 'a', origin: 0, type: 'exercise', content: '   ', initialCode: '' }]);
    expect(r).toEqual({ ok: false, errors: { tasks: { 0: { content: 'Task text is required' } } } });
  });
});

describe('errorsFromPaths', () => {
  it('puts task paths on the task and anything else on the list', () => {
    expect(
      errorsFromPaths([
        ['tasks.1.content', 'Too long'],
        ['tasks', 'An assignment has at most two tasks'],
      ]),
    ).toEqual({
      tasks: { 1: { content: 'Too long' } },
      list: 'An assignment has at most two tasks',
    });
  });
});
