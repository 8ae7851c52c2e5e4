/**
 * Checks that a lesson's code really works: every `check: run` block compiles without warnings and prints
 * its expectedOutput, `check: compile` blocks compile, starter code compiles, and every reference solution
 * passes its tests. Content is trusted, so this runs the compilers directly (student code goes through the
 * sandboxed runner instead).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, basename } from 'node:path';
import type { LoadedLesson } from './loader.js';
import type { CodeBlock } from './schema.js';

export interface CheckProblem {
  file: string;
  where: string;
  message: string;
}

interface ProcResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(cmd: string, args: string[], opts: { stdin?: string; timeoutMs: number; cwd?: string }): Promise<ProcResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < 1_000_000) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 100_000) stderr += d.toString();
    });
    child.stdin.on('error', () => {});
    child.stdin.end(opts.stdin ?? '');
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

type Lang = 'c' | 'cpp' | 'python';
const RUN_TIMEOUT_MS = 2000;
const COMPILE_TIMEOUT_MS = 60_000;

/** Compiles source in dir; returns the command to run it, or an error text. */
async function compile(lang: Lang, source: string, dir: string, name: string, strict: boolean) {
  if (lang === 'python') {
    const file = join(dir, `${name}.py`);
    writeFileSync(file, source);
    const r = await run('python3', ['-m', 'py_compile', file], { timeoutMs: COMPILE_TIMEOUT_MS });
    if (r.code !== 0) return { error: r.stderr.trim() || 'does not compile' };
    return { cmd: 'python3', args: [file] };
  }
  const file = join(dir, `${name}.${lang === 'c' ? 'c' : 'cpp'}`);
  const exe = join(dir, name);
  writeFileSync(file, source);
  const args =
    lang === 'c'
      ? ['-std=c17', '-Wall', '-Wextra', ...(strict ? ['-Werror'] : []), '-o', exe, file, '-lm']
      : ['-std=c++20', '-Wall', '-Wextra', ...(strict ? ['-Werror'] : []), '-pthread', '-o', exe, file];
  const r = await run(lang === 'c' ? 'gcc' : 'g++', args, { timeoutMs: COMPILE_TIMEOUT_MS, cwd: dir });
  if (r.code !== 0) return { error: r.stderr.trim() || 'does not compile' };
  return { cmd: exe, args: [] as string[] };
}

function firstLines(s: string, n = 12) {
  return s.split('\n').slice(0, n).join('\n');
}

interface Job {
  where: string;
  exec: (dir: string, name: string) => Promise<string | null>;
}

function blockJob(lang: Lang, block: CodeBlock, where: string): Job | null {
  const check = block.check ?? (block.language === 'bash' ? 'none' : 'run');
  if (check === 'none') return null;
  if (block.language === 'bash') return null;
  const blockLang = block.language as Lang;
  void lang;
  return {
    where,
    async exec(dir, name) {
      const c = await compile(blockLang, block.code, dir, name, true);
      if ('error' in c) return `does not compile cleanly:\n${firstLines(c.error ?? '')}`;
      if (check === 'compile') return null;
      const r = await run(c.cmd, c.args, { stdin: block.stdin, timeoutMs: RUN_TIMEOUT_MS, cwd: dir });
      if (r.timedOut) return `did not finish within ${RUN_TIMEOUT_MS} ms (waiting for input? give stdin)`;
      if (block.expectedOutput !== undefined && r.stdout !== block.expectedOutput)
        return `printed ${JSON.stringify(r.stdout)} but expectedOutput is ${JSON.stringify(block.expectedOutput)}`;
      if (r.code !== 0 && blockLang !== 'python') return `exited with ${r.code}: ${firstLines(r.stderr, 4)}`;
      return null;
    },
  };
}

/** Lists every check a lesson needs, each runnable on its own. */
function jobsFor(lesson: LoadedLesson, lang: Lang): Job[] {
  const jobs: Job[] = [];
  (['detailedContent', 'codeContent'] as const).forEach((section) =>
    lesson[section].forEach((b, i) => {
      if (b.type !== 'code') return;
      const j = blockJob(lang, b, `${section}[${i}]`);
      if (j) jobs.push(j);
    }),
  );
  lesson.assignment.tasks.forEach((task, t) => {
    if (task.initialCode && task.initialCode.trim())
      jobs.push({
        where: `assignment.tasks[${t}].initialCode`,
        async exec(dir, name) {
          const c = await compile(lang, task.initialCode!, dir, name, false);
          return 'error' in c ? `starter code does not compile:\n${firstLines(c.error ?? '')}` : null;
        },
      });
    if (task.autograde === false || !task.solution || !task.tests) return;
    const { solution, tests } = task;
    jobs.push({
      where: `assignment.tasks[${t}].solution`,
      async exec(dir, name) {
        const c = await compile(lang, solution, dir, name, true);
        if ('error' in c) return `solution does not compile cleanly:\n${firstLines(c.error ?? '')}`;
        for (const [k, test] of tests.entries()) {
          const r = await run(c.cmd, c.args, { stdin: test.stdin, timeoutMs: RUN_TIMEOUT_MS, cwd: dir });
          if (r.timedOut) return `test ${k}: timed out after ${RUN_TIMEOUT_MS} ms`;
          if (r.stdout !== test.expectedOutput)
            return `test ${k}: printed ${JSON.stringify(r.stdout)}, expected ${JSON.stringify(test.expectedOutput)}${r.stderr ? `\nstderr: ${firstLines(r.stderr, 4)}` : ''}`;
        }
        return null;
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
  const work = lessons.flatMap(({ lesson, language }) => jobsFor(lesson, language).map((job) => ({ lesson, job })));
  const root = mkdtempSync(join(tmpdir(), 'learn-content-'));
  const problems: CheckProblem[] = [];
  let next = 0;
  async function worker(w: number) {
    while (next < work.length) {
      const i = next++;
      const { lesson, job } = work[i]!;
      // Each check gets its own folder: examples that write files cannot collide with each other.
      const dir = join(root, `job${i}`);
      mkdirSync(dir);
      const message = await job.exec(dir, `w${w}`).catch((e: Error) => e.message);
      if (message) problems.push({ file: basename(lesson.file), where: job.where, message });
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.where.localeCompare(b.where));
}
