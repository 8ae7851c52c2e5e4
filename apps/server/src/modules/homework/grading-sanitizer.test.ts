import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, DEFAULT_SANDBOX } from '@learn/runner';
import type { LessonTask } from '@learn/content';
import { RunnerService } from '../runner/service.js';
import { runTaskTests } from './grading.js';

// Adds one to the largest int: with gcc at -O0 it wraps to INT_MIN and prints what the test expects, but it
// is undefined behaviour, which only the sanitizer reports.
const overflow = `#include <limits.h>
#include <stdio.h>
int main(void) {
  int x = INT_MAX;
  volatile int one = 1;
  x = x + one;
  printf("%d\\n", x);
  return 0;
}
`;
const outOfBounds = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int *a = malloc(3 * sizeof *a);
  for (int i = 0; i <= 3; i++) a[i] = i;
  printf("%d\\n", a[0] + a[1] + a[2]);
  free(a);
  return 0;
}
`;
const task = (expectedOutput: string): LessonTask => ({ type: 'homework', content: 'Print it.', tests: [{ stdin: '', expectedOutput }] });

describe('autograding with AUTOGRADE_SANITIZERS', () => {
  const service = (sanitizeGrading: boolean) =>
    new RunnerService(
      { ...DEFAULT_SANDBOX, concurrency: 1, queueLength: 10, runsPerMinute: 1000, sanitizeGrading, limits: DEFAULT_LIMITS },
      { now: () => new Date() } as never,
    );

  it('off (the default): a program with undefined behaviour that prints the expected text passes', async () => {
    const run = await runTaskTests(service(false), task('-2147483648\n'), 'c', overflow);
    expect(run.passed).toBe(1);
  });

  it('on: the same program fails with the line and the kind of undefined behaviour', async () => {
    const run = await runTaskTests(service(true), task('-2147483648\n'), 'c', overflow);
    expect(run.passed).toBe(0);
    expect(run.tests[0]!.error).toMatch(/^Undefined behaviour at line 6: signed integer overflow/);
  }, 60_000);

  it('on: a write past the end of a malloc block fails as a memory error at its line', async () => {
    const off = await runTaskTests(service(false), task('3\n'), 'c', outOfBounds);
    expect(off.passed).toBe(1);
    const on = await runTaskTests(service(true), task('3\n'), 'c', outOfBounds);
    expect(on.passed).toBe(0);
    expect(on.tests[0]!.error).toMatch(/^Memory error at line 5: heap-buffer-overflow/);
  }, 60_000);

  it('on: a correct program still passes, and Python is untouched', async () => {
    expect(
      (
        await runTaskTests(
          service(true),
          task('6\n'),
          'c',
          '#include <stdio.h>\nint main(void) { printf("%d\\n", 1 + 2 + 3); return 0; }\n',
        )
      ).passed,
    ).toBe(1);
    expect((await runTaskTests(service(true), task('6\n'), 'python', 'print(1 + 2 + 3)\n')).passed).toBe(1);
  }, 60_000);
});
