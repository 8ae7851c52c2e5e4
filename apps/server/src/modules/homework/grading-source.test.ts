import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@learn/content';
import { DEFAULT_LIMITS, DEFAULT_SANDBOX } from '@learn/runner';
import { RunnerService } from '../runner/service.js';
import { runTaskTests } from './grading.js';

const day3 = loadCatalogue()[0]!.lessons.find((l) => l.day === 3)!.assignment.tasks[0]!;

describe('homework grading applies the task source checks', () => {
  const service = new RunnerService({ ...DEFAULT_SANDBOX, concurrency: 1, queueLength: 10, runsPerMinute: 1000, limits: DEFAULT_LIMITS }, {
    now: () => new Date(),
  } as never);

  it('fails a hard-coded program on every test with the task message, and passes the solution', async () => {
    const hard = '#include <stdio.h>\nint main(void) { printf("Width: 7\\nHeight: 4\\nArea: 28\\nPerimeter: 22\\n"); return 0; }\n';
    const bad = await runTaskTests(service, day3, 'c', hard);
    expect(bad.passed).toBe(0);
    expect(bad.tests[0]!.error).toContain('Compute area from the variables');
    const good = await runTaskTests(service, day3, 'c', day3.solution!);
    expect(good.passed).toBe(day3.tests!.length);
  });
});
