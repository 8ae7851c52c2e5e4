/**
 * Exam day through runner workers (`npm run bench:exam-day`, issue 29): BENCH_STUDENTS (300) students of the
 * C++ course each save exam answers every 5 s and, every 30 s, run C++ code and then check an exam code answer
 * (C++, against the question's sample test), for BENCH_SECONDS (120), against a server process with
 * REDIS_URL (the local Redis, BENCH_REDIS_URL / TEST_REDIS_URL), run as `npm start` runs it (production
 * settings, request log at info to a file). Scenarios, in one run: the autosaves alone (no runs: the
 * autosave p99 the run load must not change), then one, then two runner workers. Each worker stands for a
 * machine of its own: a cgroup holds it, and every program it compiles and runs, to BENCH_WORKER_CORES of a
 * core (0.5: two workers take one of this machine's two cores) at a small CPU share (the API and this load
 * go first when they want a core, as if the workers were elsewhere), and `taskset` pins each to a core of
 * its own; one run at a time. Prints runs and checks per second (both are a
 * C++ compile and run, so "all jobs" is the throughput), click-to-result p50 / p99, autosave p99, 429s, lost
 * jobs (asked, neither answered nor refused), duplicated jobs (from the queue's own records in Redis: a job
 * started more than once, or more done than asked), each worker's CPU time, and first the C++ hello
 * compile+run with and without the precompiled header.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Runner } from '@learn/runner';
import { examFixture } from './exam-fixture.js';
import { startWorker } from '../apps/server/test/workers.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const WORKER_CORES = Number(process.env.BENCH_WORKER_CORES ?? 0.5);
const cores = availableParallelism();
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SAVE_MS = 5_000;
const RUN_MS = 30_000;
const CHECK = {
  id: 'q11',
  type: 'code',
  prompt: 'Print twice the number read.',
  points: 10,
  starterCode: '',
  tests: [{ stdin: '21', expectedOutput: '42\n' }],
};
// Each student's own answer (the same text twice would be one job: grading jobs are keyed by what they grade).
const ANSWER = (i: number, n: number) =>
  `// student ${i}, check ${n}\n#include <iostream>\nint main() { int x; std::cin >> x; std::cout << 2 * x << std::endl; }\n`;
const CPP = (i: number, n: number) => `#include <iostream>\nint main() { std::cout << "student ${i} run ${n}" << std::endl; }\n`;
/** Week 1 of the C++ course (days 26 to 32) unlocks its exam. */
const CPP_WEEK_1 = Array.from({ length: 7 }, (_, i) => `c-cpp-day-${26 + i}`);

/**
 * A cgroup (v1 cpu and cpuacct) holding a worker and all it starts to `share` of a core: the runner makes
 * its runs' cgroups under the worker's own, so the quota bounds the compiles and programs too.
 */
function heldCgroup(name: string, share: number) {
  const cpu = `/sys/fs/cgroup/cpu/${name}`;
  const acct = `/sys/fs/cgroup/cpuacct/${name}`;
  if (!existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us') || !existsSync('/sys/fs/cgroup/cpuacct/cpuacct.usage')) return null;
  mkdirSync(cpu);
  mkdirSync(acct);
  writeFileSync(`${cpu}/cpu.cfs_period_us`, '100000');
  writeFileSync(`${cpu}/cpu.cfs_quota_us`, String(Math.round(share * 100_000)));
  // A small share: when the API (or this load) wants the core, it goes first, as on a machine of its own.
  writeFileSync(`${cpu}/cpu.shares`, '128');
  const removeTree = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeTree(join(dir, e.name));
    try {
      rmdirSync(dir);
    } catch {
      // a process still in it: left for the next run's clean-up
    }
  };
  return {
    wrap: ['sh', '-c', `echo $$ > ${cpu}/cgroup.procs && echo $$ > ${acct}/cgroup.procs && exec "$@"`, 'held'],
    /** CPU seconds used by the worker and everything it ran. */
    usage: () => Number(readFileSync(`${acct}/cpuacct.usage`, 'utf8')) / 1e9,
    throttledSeconds: () => Number(/throttled_time (\d+)/.exec(readFileSync(`${cpu}/cpu.stat`, 'utf8'))?.[1] ?? 0) / 1e9,
    remove: () => {
      removeTree(cpu);
      removeTree(acct);
    },
  };
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};

/** One scenario: `workers` runner workers (0: the autosaves alone, no runs or checks). */
async function scenario(workers: number) {
  const prefix = `bench:runs:${randomUUID()}`;
  const env = { REDIS_URL: REDIS, RUNNER_QUEUE_PREFIX: prefix, RUNNER_CONCURRENCY: '1', LOG_LEVEL: 'info', NODE_ENV: 'production' };
  const held = Array.from({ length: workers }, (_, i) => heldCgroup(`learn-bench-${prefix.slice(-8)}-w${i}`, WORKER_CORES));
  const procs = await Promise.all(held.map((h, i) => startWorker(env, ['taskset', '-c', String(i % cores), ...(h?.wrap ?? [])])));
  const dir = mkdtempSync(join(tmpdir(), 'learn-exam-day-'));
  const f = await examFixture(
    'sqlite',
    STUDENTS,
    { ...env, RUNNER_RUNS_PER_MINUTE: '1000', RUNNER_QUEUE_DEADLINE_SECONDS: '20' },
    [CHECK],
    { courseId: 'course_cpp_01', lectures: CPP_WEEK_1, logFile: join(dir, 'server.log') },
  );
  const redis = new Redis(REDIS);
  try {
    const base = f.server.base;
    const json = { 'content-type': 'application/json' };
    for (const s of f.students) await fetch(`${base}/api/exams/${f.examId}/attempt`, { method: 'POST', headers: { cookie: s.cookie } });
    // Warm-up, outside the figures: each worker builds its precompiled header with its first C++ compile.
    const warmUp = workers ? 4 * workers : 0;
    if (warmUp)
      await Promise.all(
        f.students.slice(0, warmUp).map((s, i) =>
          fetch(`${base}/api/run`, {
            method: 'POST',
            headers: { ...json, cookie: s.cookie },
            body: JSON.stringify({ language: 'cpp', code: CPP(i, 0), stdin: '' }),
          }).then((r) => r.arrayBuffer()),
        ),
      );
    const cpuBefore = held.map((h) => h?.usage() ?? 0);
    const throttledBefore = held.map((h) => h?.throttledSeconds() ?? 0);
    const saves: number[] = [];
    const clicks: number[] = [];
    const checkClicks: number[] = [];
    let asked = 0;
    let done = 0;
    let refused = 0;
    let lost = 0;
    const checks = { asked: 0, done: 0, refused: 0, lost: 0 };
    /** The exam code answer checked against its sample test (priority over the scratchpad, never refused). */
    const check = async (cookie: string, i: number, n: number) => {
      const t0 = performance.now();
      checks.asked++;
      try {
        const r = await fetch(`${base}/api/exams/${f.examId}/attempt/check`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ questionId: CHECK.id, code: ANSWER(i, n) }),
        });
        const body = (await r.json()) as { passed?: boolean };
        if (r.status === 429) checks.refused++;
        else if (r.ok && body.passed === true) {
          checks.done++;
          checkClicks.push(performance.now() - t0);
        } else checks.lost++;
      } catch {
        checks.lost++;
      }
    };
    const started = performance.now();
    const end = started + SECONDS * 1000;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
    await Promise.all(
      f.students.flatMap((s, i) => [
        (async () => {
          await pause((i * SAVE_MS) / STUDENTS);
          for (let seq = 1; performance.now() < end; seq++) {
            const t0 = performance.now();
            const answers = Object.fromEntries(Array.from({ length: 10 }, (_, q) => [`q${q + 1}`, `answer ${seq} `.repeat(8)]));
            await fetch(`${base}/api/exams/${f.examId}/attempt/answers`, {
              method: 'PUT',
              headers: { ...json, cookie: s.cookie },
              body: JSON.stringify({ seq, answers }),
            }).then(
              (r) => r.arrayBuffer(),
              () => null,
            );
            saves.push(performance.now() - t0);
            await pause(SAVE_MS - (performance.now() - t0));
          }
        })(),
        (async () => {
          if (!workers) return;
          await pause((i * RUN_MS) / STUDENTS);
          for (let n = 1; performance.now() < end; n++) {
            const t0 = performance.now();
            asked++;
            try {
              const r = await fetch(`${base}/api/run`, {
                method: 'POST',
                headers: { ...json, cookie: s.cookie },
                body: JSON.stringify({ language: 'cpp', code: CPP(i, n), stdin: '' }),
              });
              const body = (await r.json()) as { run?: { stdout: string } };
              if (r.status === 429) refused++;
              else if (r.ok && body.run?.stdout === `student ${i} run ${n}\n`) {
                done++;
                clicks.push(performance.now() - t0);
              } else lost++;
            } catch {
              lost++;
            }
            await check(s.cookie, i, n);
            await pause(RUN_MS - (performance.now() - t0));
          }
        })(),
      ]),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = held.map((h, i) => (h ? h.usage() - cpuBefore[i]! : NaN));
    const throttled = held.map((h, i) => (h ? h.throttledSeconds() - throttledBefore[i]! : NaN));
    const ms = (xs: number[], p: number) => quantile(xs, p).toFixed(0);
    if (!workers) {
      console.log(
        `autosaves alone (no runs): ${saves.length} saves, autosave p50 ${ms(saves, 0.5)} ms / p99 ${quantile(saves, 0.99).toFixed(1)} ms`,
      );
      return { runs: 0, jobs: 0, saveP99: quantile(saves, 0.99) };
    }
    // Duplicates from the queue's own records (finished jobs are kept 5 minutes): a job a worker started more
    // than once, and jobs done beyond those asked. Lost: asked, neither answered nor refused.
    const queue = new Queue('runs', { connection: { url: REDIS }, prefix });
    const jobs = await queue.getJobs(['completed', 'failed']);
    await queue.close();
    const restarted = jobs.reduce((k, j) => k + Math.max(0, j.attemptsStarted - 1), 0);
    const finished = (name: string) => jobs.filter((j) => j.name === name && j.finishedOn && !j.failedReason).length;
    const beyond = Math.max(0, finished('run') - warmUp - done) + Math.max(0, finished('exam') - checks.done);
    const jobsPerSecond = (done + checks.done) / elapsed;
    console.log(
      `${workers} worker${workers > 1 ? 's' : ' '}: ${jobsPerSecond.toFixed(2)} jobs/s (${(done / elapsed).toFixed(2)} C++ runs/s + ` +
        `${(checks.done / elapsed).toFixed(2)} exam checks/s); ` +
        `click to result: run p50 ${ms(clicks, 0.5)} ms / p99 ${ms(clicks, 0.99)} ms, check p50 ${ms(checkClicks, 0.5)} ms / p99 ${ms(checkClicks, 0.99)} ms; ` +
        `autosave p99 ${quantile(saves, 0.99).toFixed(1)} ms; 429s: ${refused} runs, ${checks.refused} checks; ` +
        `lost: ${lost} runs, ${checks.lost} checks; duplicated: ${restarted + beyond} (${asked} runs and ${checks.asked} checks asked, ` +
        `${jobs.length} jobs recorded, ${jobs.filter((j) => j.failedReason).length} failed); ` +
        `worker CPU ${cpu.map((c) => `${(c / elapsed).toFixed(2)}`).join(' + ')} cores of ${WORKER_CORES} each ` +
        `(throttled ${throttled.map((t) => `${t.toFixed(0)} s`).join(', ')}), ${((1000 * cpu.reduce((a, b) => a + b, 0)) / (done + checks.done)).toFixed(0)} ms of CPU a job`,
    );
    return { runs: done / elapsed, jobs: jobsPerSecond, saveP99: quantile(saves, 0.99) };
  } finally {
    redis.disconnect();
    await f.dispose();
    await Promise.all(procs.map((p) => new Promise((r) => (p.once('exit', r), p.kill('SIGTERM')))));
    for (const h of held) h?.remove();
    rmSync(dir, { recursive: true, force: true });
    const r = new Redis(REDIS);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  }
}

/** C++ hello compile+run, with and without the precompiled header (interleaved), on this machine. */
async function pchFigures(n = 10) {
  const code = '#include <iostream>\nint main() { std::cout << "hello" << std::endl; }\n';
  const [pch, plain] = [new Runner(), new Runner({ precompiledHeaders: false })];
  await pch.runProgram({ language: 'cpp', code }); // builds the header once, as each worker does
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++)
    for (const [k, r] of [pch, plain].entries()) {
      const t0 = performance.now();
      await r.runProgram({ language: 'cpp', code });
      times[k]!.push(performance.now() - t0);
    }
  const [a, b] = times.map((xs) => quantile(xs, 0.5));
  console.log(
    `C++ hello compile+run p50: ${a!.toFixed(0)} ms with the precompiled header, ${b!.toFixed(0)} ms without (${(b! / a!).toFixed(2)}x)`,
  );
}

console.log(
  `exam day: ${STUDENTS} students, answers saved every 5 s, a C++ run and a C++ exam check every 30 s, ${SECONDS} s per scenario; ` +
    `each worker held to ${WORKER_CORES} of a core, one run at a time`,
);
if (!existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us'))
  console.log('(no cgroup v1 cpu hierarchy here: workers are pinned to a core with taskset only, not held to a share of it)');
await pchFigures();
const alone = await scenario(0);
const one = await scenario(1);
const two = await scenario(2);
console.log(
  `2 workers / 1 worker: ${(two.jobs / one.jobs).toFixed(2)}x the jobs (goal >= 1.8x), ${(two.runs / one.runs).toFixed(2)}x the C++ runs; ` +
    `autosave p99 ${alone.saveP99.toFixed(1)} ms alone, ${one.saveP99.toFixed(1)} ms with 1 worker, ${two.saveP99.toFixed(1)} ms with 2`,
);
