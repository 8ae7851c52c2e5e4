/**
 * Checks that a lesson's code really works: every `check: run` block compiles without warnings and prints
 * its expectedOutput, `check: compile` blocks compile, starter code compiles, and every reference solution
 * passes its tests. Everything runs through the sandboxed runner (@learn/runner) under the very limits a
 * student's run gets, so the catalogue is proven to work where students run it. Python examples and
 * reference solutions also run in Pyodide, the scratchpad's Python, and must behave the same there.
 */
import { basename } from 'node:path';
import { cpus } from 'node:os';
import { Runner, SANITIZER_FLAGS, type CompiledProgram } from '@learn/runner';
import type { RunResult } from '@learn/shared';
import type { LoadedLesson } from './loader.js';
import type { CodeBlock, LessonTask } from './schema.js';
import { assembleProgram, sourceCheckFailures } from './source-checks.js';
import { pyodideDisagreement, pyodideTaskFailure } from './pyodide-runner.js';

/**
 * Sanitizer mode: C and C++ reference solutions are built with AddressSanitizer and UndefinedBehaviorSanitizer
 * and any finding stops the run (overflow, out-of-bounds, use after free). The runner lifts RLIMIT_AS for
 * sanitized programs (ASan reserves terabytes of shadow address space) and bounds memory by ASan's RSS limit.
 */
export { SANITIZER_FLAGS };

export interface CheckProblem {
  file: string;
  where: string;
  message: string;
}

type Lang = 'c' | 'cpp' | 'python';

/** The student's runner: same sandbox, same limits. */
const runner = new Runner();

function firstLines(s: string, n = 12) {
  return s.split('\n').slice(0, n).join('\n');
}

/**
 * Compiles source in the sandbox; warnings are errors when strict. Python has no compile step in the
 * runner, so its syntax is checked by compiling the source inside the sandbox's Python.
 */
async function compile(
  lang: Lang,
  source: string,
  strict: boolean,
  sanitize = false,
): Promise<{ program: CompiledProgram } | { error: string }> {
  if (lang === 'python') {
    const syntax = await runner.runProgram({ language: 'python', code: `compile(${JSON.stringify(source)}, "main.py", "exec")\n` });
    if (syntax.run && syntax.run.exitCode !== 0) return { error: syntax.run.stderr.trim() || 'does not compile' };
  }
  const { compile: result, program } = await runner.compileOnce({
    language: lang,
    code: source,
    extraFlags: [...(strict ? ['-Werror'] : []), ...(sanitize && lang !== 'python' ? SANITIZER_FLAGS : [])],
  });
  if (!program) return { error: result?.output.trim() || result?.limitMessage || 'does not compile' };
  return { program };
}

function limitProblem(r: RunResult, what: string): string | null {
  return r.limit ? `${what}: ${r.limitMessage}${r.stderr ? `\nstderr: ${firstLines(r.stderr, 4)}` : ''}` : null;
}

interface Job {
  where: string;
  exec: () => Promise<string | null>;
}

function blockJob(block: CodeBlock, where: string): Job | null {
  const check = block.check ?? (block.language === 'bash' ? 'none' : 'run');
  if (check === 'none' || block.language === 'bash') return null;
  const lang = block.language as Lang;
  return {
    where,
    exec: async () => {
      const c = await compile(lang, block.code, true);
      if ('error' in c) return `does not compile cleanly:\n${firstLines(c.error)}`;
      try {
        if (check === 'compile') return null;
        const r = await runner.runCompiled(c.program, { stdin: block.stdin ?? '' });
        const limit = limitProblem(r, 'stopped by a limit (waiting for input? give stdin)');
        if (limit) return limit;
        if (block.expectedOutput !== undefined && r.stdout !== block.expectedOutput)
          return `printed ${JSON.stringify(r.stdout)} but expectedOutput is ${JSON.stringify(block.expectedOutput)}`;
        if (r.exitCode !== 0 && lang !== 'python') return `exited with ${r.exitCode ?? r.signal}: ${firstLines(r.stderr, 4)}`;
        // The scratchpad runs Python in the browser: the example must behave the same there.
        if (lang === 'python' && !block.serverOnly)
          return await pyodideDisagreement(block.code, block.stdin ?? '', r, block.expectedOutput !== undefined);
        return null;
      } finally {
        await c.program.dispose();
      }
    },
  };
}

/** A program that ignores its input and prints `text`: the hard-coded answer the tests must reject. */
export function hardCodedProgram(lang: Lang, text: string): string {
  if (lang === 'python') return `import sys\nsys.stdout.write(${JSON.stringify(text)})\n`;
  const head = lang === 'c' ? '#include <stdio.h>' : '#include <cstdio>';
  return `${head}\nint main(void) { fputs(${JSON.stringify(text)}, stdout); return 0; }\n`;
}

/**
 * Runs every test of the task on `code` (tests marked harness: true on the program assembled with the task's
 * harness); returns the first problem, or null when all pass. Compile problems start with "compile:".
 */
async function runTaskTests(
  lang: Lang,
  code: string,
  task: LessonTask,
  opts: { strict: boolean; sanitize: boolean },
): Promise<string | null> {
  const programs = new Map<boolean, CompiledProgram>();
  try {
    for (const [k, test] of (task.tests ?? []).entries()) {
      const withHarness = !!test.harness;
      let program = programs.get(withHarness);
      if (!program) {
        const c = await compile(lang, withHarness ? assembleProgram(code, lang, task.harness) : code, opts.strict, opts.sanitize);
        if ('error' in c) return `compile: ${withHarness ? '(with the test harness) ' : ''}${firstLines(c.error)}`;
        program = c.program;
        programs.set(withHarness, program);
      }
      const r = await runner.runCompiled(program, { stdin: test.stdin });
      const limit = limitProblem(r, `test ${k}`);
      if (limit) return limit;
      if (/runtime error:|Sanitizer/.test(r.stderr)) return `test ${k}: the sanitizer stopped the run:\n${firstLines(r.stderr, 6)}`;
      if (r.signal) return `test ${k}: crashed (${r.signal})`;
      if (r.stdout !== test.expectedOutput)
        return `test ${k}: printed ${JSON.stringify(r.stdout)}, expected ${JSON.stringify(test.expectedOutput)}${r.stderr ? `\nstderr: ${firstLines(r.stderr, 4)}` : ''}`;
    }
    return null;
  } finally {
    await Promise.all([...programs.values()].map((p) => p.dispose()));
  }
}

/**
 * Whether a weak program compiles on its own (a typo must not pass for a weakness). `why` is how it
 * failed the task: a run or a harness build that got that far already compiled it.
 */
async function compilesAlone(lang: Lang, code: string, why: string): Promise<boolean> {
  if (!why.startsWith('compile: ') && !why.startsWith('source check: ')) return true;
  if (why.startsWith('compile: ') && !why.startsWith('compile: (with the test harness)')) return false;
  const c = await compile(lang, code, false, false);
  if ('error' in c) return false;
  await c.program.dispose();
  return true;
}

/** Whether `code` passes every test and source check of the task (null when it does; else why not). */
async function failsTask(lang: Lang, code: string, task: LessonTask): Promise<string | null> {
  const source = sourceCheckFailures(code, lang, task.sourceChecks);
  if (source.length) return `source check: ${source[0]}`;
  return runTaskTests(lang, code, task, { strict: false, sanitize: false });
}

/** Lists every check a lesson needs, each runnable on its own. */
function jobsFor(lesson: LoadedLesson, lang: Lang): Job[] {
  const jobs: Job[] = [];
  (['detailedContent', 'codeContent'] as const).forEach((section) =>
    lesson[section].forEach((b, i) => {
      if (b.type !== 'code') return;
      const j = blockJob(b, `${section}[${i}]`);
      if (j) jobs.push(j);
    }),
  );
  lesson.assignment.tasks.forEach((task, t) => {
    const initial = task.initialCode;
    if (initial && initial.trim())
      jobs.push({
        where: `assignment.tasks[${t}].initialCode`,
        exec: async () => {
          const c = await compile(lang, initial, false);
          if ('error' in c) return `starter code does not compile:\n${firstLines(c.error)}`;
          await c.program.dispose();
          return null;
        },
      });
    if (task.autograde === false || !task.solution || !task.tests) return;
    const { solution, tests } = task;
    // Mutation check: the tests must reject the starter code and a program that prints the first answer.
    jobs.push({
      where: `assignment.tasks[${t}].tests`,
      exec: async () => {
        const problems: string[] = [];
        if (initial && initial.trim() && (await failsTask(lang, initial, task)) === null)
          problems.push('the starter code passes every test');
        const hard = hardCodedProgram(lang, tests[0]!.expectedOutput);
        if (!task.fixedOutput && (await failsTask(lang, hard, task)) === null)
          problems.push(
            'a program that only prints the first expected output passes every test (add input-driven cases or a source check)',
          );
        for (const [w, weak] of (task.weakPrograms ?? []).entries()) {
          const why = await failsTask(lang, weak.code, task);
          if (why === null) problems.push(`weakPrograms[${w}] (${weak.why}) passes every test`);
          else if (!(await compilesAlone(lang, weak.code, why)))
            problems.push(`weakPrograms[${w}] (${weak.why}) does not compile: a weak program must be a real program that the tests reject`);
        }
        return problems.length ? `mutation check: ${problems.join('; ')}` : null;
      },
    });
    jobs.push({
      where: `assignment.tasks[${t}].solution`,
      exec: async () => {
        const source = sourceCheckFailures(solution, lang, task.sourceChecks);
        if (source.length) return `solution fails its source checks: ${source.join('; ')}`;
        const problem = await runTaskTests(lang, solution, task, { strict: true, sanitize: true });
        if (!problem && lang === 'python') return await pyodideTaskFailure(solution, task);
        return problem?.startsWith('compile: ') ? `solution does not compile cleanly:\n${problem.slice(9)}` : problem;
      },
    });
  });
  return jobs;
}

/** Runs every check of the given lessons with bounded parallelism; returns the problems found. */
export async function checkLessons(
  lessons: { lesson: LoadedLesson; language: Lang }[],
  concurrency = Math.max(1, cpus().length),
): Promise<CheckProblem[]> {
  const status = await runner.status();
  if (!status.available)
    throw new Error(`The content check runs lessons in the code runner's sandbox, which is unavailable: ${status.reason}`);
  const work = lessons.flatMap(({ lesson, language }) => jobsFor(lesson, language).map((job) => ({ lesson, job })));
  const problems: CheckProblem[] = [];
  let next = 0;
  async function worker() {
    while (next < work.length) {
      const { lesson, job } = work[next++]!;
      // Each run gets its own sandbox and work folder: examples that write files cannot collide.
      const message = await job.exec().catch((e: Error) => e.message);
      if (message) problems.push({ file: basename(lesson.file), where: job.where, message });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.where.localeCompare(b.where));
}
