import { describe, expect, it } from 'vitest';
import { firstDifferentLine, taskAction } from './task-draft';

describe('homework helpers', () => {
  it.each([
    ['a\nb\n', 'a\nb\n', -1],
    ['a\nb  \n', 'a\nb\n', -1],
    ['a\nc\n', 'a\nb\n', 1],
    ['', 'x\n', 0],
    ['a\n', 'a\nb\n', 1],
  ])('first different line of %j vs %j is %i', (actual, expected, line) => {
    expect(firstDifferentLine(actual, expected)).toBe(line);
  });

  it.each([
    ['exercise', false, 'Try It'],
    ['exercise', true, 'Try It'],
    ['homework', false, 'Start Homework'],
    ['homework', true, 'Resubmit'],
  ] as const)('%s submitted=%s shows %s', (type, submitted, label) => {
    expect(taskAction(type, submitted)).toBe(label);
  });
});
