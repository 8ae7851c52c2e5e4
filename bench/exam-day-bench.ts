/**
 * Exam day through runner workers (`npm run bench:exam-day`, issue 29): BENCH_STUDENTS (300) students each
 * save exam answers every 5 s and run C++ code every 30 s, for BENCH_SECONDS (120), against a server process
 * with REDIS_URL (the local Redis, BENCH_REDIS_URL / TEST_REDIS_URL) and first one, then two runner workers,
 * each held to one core (`taskset`) to stand for a machine of its own, one run at a time. Prints runs per
 * second, click-to-result p50 / p99, autosave p99, 429s, lost runs (no result) and duplicated runs (worker
 * executions beyond the runs asked for).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { examFixture } from './exam-fixture.js';
import { startWorker } from '../apps/server/test/workers.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const REDIS = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SAVE_MS = 5_000;
const RUN_MS = 30_000;
const CPP = (i: number, n: number) => `#include <iostream>\nint main() { std::cout << "student ${i} run ${n}" << std::endl; }\n`;

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};

async function scenario(workers: number) {
  const prefix = `bench:runs:${randomUUID()}`;
  const env = { REDIS_URL: REDIS, RUNNER_QUEUE_PREFIX: prefix, RUNNER_CONCURRENCY: '1', LOG_LEVEL: 'error' };
  const procs = await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(env, ['taskset', '-c', String(i % 2)])));
  const f = await examFixture('sqlite', STUDENTS, { ...env, RUNNER_RUNS_PER_MINUTE: '1000', RUNNER_QUEUE_DEADLINE_SECONDS: '20' });
  const redis = new Redis(REDIS);
  try {
    const base = f.server.base;
    const json = { 'content-type': 'application/json' };
    for (const s of f.students) await fetch(`${base}/api/exams/${f.examId}/attempt`, { method: 'POST', headers: { cookie: s.cookie } });
    const saves: number[] = [];
    const clicks: number[] = [];
    let asked = 0;
    let done = 0;
    let refused = 0;
    let lost = 0;
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
            await pause(RUN_MS - (performance.now() - t0));
          }
        })(),
      ]),
    );
    const elapsed = (performance.now() - started) / 1000;
    await pause(2500); // the workers' last figures
    const figures = Object.values(await redis.hgetall(`${prefix}:workers`)).map((w) => JSON.parse(w) as { runs: number });
    const executed = figures.reduce((n, w) => n + w.runs, 0);
    const duplicated = Math.max(0, executed - asked);
    console.log(
      `${workers} worker${workers > 1 ? 's' : ' '}: ${(done / elapsed).toFixed(2)} C++ runs/s, click to result p50 ${quantile(clicks, 0.5).toFixed(0)} ms / p99 ${quantile(clicks, 0.99).toFixed(0)} ms, autosave p99 ${quantile(saves, 0.99).toFixed(1)} ms, ${refused} x 429, ${lost} lost, ${duplicated} duplicated (${asked} asked, ${executed} executed)`,
    );
    return done / elapsed;
  } finally {
    redis.disconnect();
    await f.dispose();
    await Promise.all(procs.map((p) => new Promise((r) => (p.once('exit', r), p.kill('SIGTERM')))));
    const r = new Redis(REDIS);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  }
}

console.log(`exam day: ${STUDENTS} students, answers saved every 5 s, C++ run every 30 s, ${SECONDS} s per scenario`);
const one = await scenario(1);
const two = await scenario(2);
console.log(`2 workers / 1 worker throughput: ${(two / one).toFixed(2)}x (goal >= 1.8x)`);
