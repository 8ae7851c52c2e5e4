import type { LessonTask } from '@learn/content';
import { assembleProgram, courses, sourceCheckFailures } from '@learn/content';
import { crashMessage, type RunLanguage, type RunResult, type TestOutcome } from '@learn/shared';
import { SANITIZER_FLAGS, sanitizerFinding, type CompiledProgram } from '@learn/runner';
import type { RunnerService } from '../runner/service.js';

/** A course's language decides how its homework compiles (C, C++ or Python). */
export function courseLanguage(courseId: string): RunLanguage {
  return courses.find((c) => c.id === courseId)?.language ?? 'python';
}

/**
 * Output matches when it is the same text after line endings are unified and trailing spaces on each line
 * and trailing blank lines are dropped (a forgotten final newline is not a wrong answer).
 */
export function sameOutput(actual: string, expected: string): boolean {
  const norm = (s: string) =>
    s
      .replace(/\r\n/g, '\n')
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .trimEnd();
  return norm(actual) === norm(expected);
}

/**
 * Why a run cannot pass, whatever it printed: a limit or a crash. The exit code alone is not a failure (a
 * task may ask for `return 1` on invalid input; the content checker compares only the output too).
 */
export function runError(run: Pick<RunResult, 'limitMessage' | 'signal'>): string | null {
  if (run.limitMessage) return run.limitMessage;
  if (run.signal) return crashMessage(run.signal);
  return null;
}

/** Every test failed for one reason (no compile, no sandbox), with its data for guides. */
export function failedOutcomes(tests: NonNullable<LessonTask['tests']>, error: string): TestOutcome[] {
  return tests.map((t, index) => ({
    index,
    hidden: index > 0,
    passed: false,
    input: t.stdin,
    expected: t.expectedOutput,
    actual: '',
    error,
  }));
}

export interface TestRun {
  compileOk: boolean;
  compileOutput: string;
  /** Every test with its input, expected and actual output (guides' view). */
  tests: TestOutcome[];
  passed: number;
}

/**
 * Compiles once and runs every test of the task in the sandbox. With the run queue (REDIS_URL) a runner worker
 * does it, taking exam answers before homework.
 */
export async function runTaskTests(
  service: RunnerService,
  task: LessonTask,
  language: RunLanguage,
  code: string,
  kind: 'exam' | 'homework' = 'homework',
  /** A student waits at the page for it (a check, not a grading): it has the runs' queue deadline. */
  waiting = false,
): Promise<TestRun> {
  if (service.queued) return service.queued.grade(kind, task, language, code, waiting);
  const tests = task.tests ?? [];
  // Source checks: a program that skips the construct the task teaches fails every test with the task's own
  // message (a hard-coded printf does not pass a task that asks for variables); it still runs, so the learner
  // sees what it printed.
  const source = sourceCheckFailures(code, language, task.sourceChecks).join(' ');
  // Grading has its own lane: the scratchpad cannot starve it, and it cannot starve the scratchpad.
  const release = await service.gradingSlot();
  const programs = new Map<boolean, CompiledProgram>();
  try {
    // The learner's program, and (for tests marked harness) the one whose main is the task's harness.
    const build = async (withHarness: boolean) => {
      const code2 = withHarness ? assembleProgram(code, language, task.harness) : code;
      const sanitize = service.sanitizeGrading && language !== 'python';
      const { compile, program } = await service.runner.compileOnce({
        language,
        code: code2,
        extraFlags: sanitize ? SANITIZER_FLAGS : undefined,
      });
      if (program) programs.set(withHarness, program);
      return { compile, program };
    };
    const first = await build(false);
    const compileOutput = first.compile?.output ?? '';
    if (!first.program) {
      const error = first.compile?.limitMessage ?? 'The code does not compile.';
      return { compileOk: false, compileOutput, tests: failedOutcomes(tests, error), passed: 0 };
    }
    const outcomes: TestOutcome[] = [];
    for (const [index, t] of tests.entries()) {
      const hidden = index > 0;
      let program = programs.get(!!t.harness);
      if (!program) {
        const built = await build(true);
        if (!built.program) {
          const error = 'Your functions do not fit the test harness: check their names and parameters against the task.';
          outcomes.push({
            index,
            hidden,
            passed: false,
            input: t.stdin,
            expected: t.expectedOutput,
            actual: built.compile?.output ?? '',
            error,
          });
          continue;
        }
        program = built.program;
      }
      const run = await service.runner.runCompiled(program, { stdin: t.stdin });
      const error = runError(run) ?? (program.sanitized ? sanitizerFinding(run.stderr) : null);
      const passed = !source && error === null && sameOutput(run.stdout, t.expectedOutput);
      outcomes.push({
        index,
        hidden,
        passed,
        input: t.stdin,
        expected: t.expectedOutput,
        actual: run.stdout,
        error: error ?? (source || null),
      });
    }
    return { compileOk: true, compileOutput, tests: outcomes, passed: outcomes.filter((o) => o.passed).length };
  } finally {
    await Promise.all([...programs.values()].map((p) => p.dispose()));
    release();
  }
}

/** What a student may see of test outcomes: the sample in full; hidden tests as pass/fail only. */
export function forStudent(tests: TestOutcome[]): TestOutcome[] {
  return tests.map((t) => (t.hidden ? { index: t.index, hidden: true, passed: t.passed } : t));
}
