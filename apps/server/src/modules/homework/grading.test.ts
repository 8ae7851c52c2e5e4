import { describe, expect, it } from 'vitest';
import { runError, sameOutput } from './grading.js';

describe('homework output comparison', () => {
  it.each([
    ['5\n', '5\n', true],
    ['5', '5\n', true],
    ['5  \r\n', '5\n', true],
    ['5\n\n', '5\n', true],
    ['5\n6\n', '5\n', false],
    [' 5\n', '5\n', false],
    ['Five\n', '5\n', false],
  ])('%j matches %j: %s', (actual, expected, same) => {
    expect(sameOutput(actual, expected)).toBe(same);
  });

  it.each([
    [{ limitMessage: null, signal: null }, null],
    [{ limitMessage: 'Time limit exceeded (5 s)', signal: 'SIGKILL' }, 'Time limit exceeded (5 s)'],
    [
      { limitMessage: null, signal: 'SIGSEGV' },
      expect.stringMatching(/^The program crashed: Segmentation fault \(SIGSEGV\): it used memory it does not own/),
    ],
    [
      { limitMessage: null, signal: 'SIGFPE' },
      'The program crashed: Arithmetic error (SIGFPE): usually an integer division or remainder by zero.',
    ],
  ])('run %j fails for %j (a non-zero exit code alone does not)', (run, error) => {
    expect(runError(run)).toEqual(error);
  });
});
