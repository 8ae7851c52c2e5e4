/**
 * Exam autosave under a class (`npm run bench:exam`): 1,000 students (BENCH_STUDENTS) each saving their
 * answers every 5 s for 60 s (BENCH_SECONDS), against a server process, on SQLite and then on PostgreSQL.
 * Prints save latency percentiles and errors (goal: p99 under 50 ms, no errors).
 */
import { examFixture } from './exam-fixture.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const EVERY_MS = 5_000;

async function run(engine: 'sqlite' | 'postgres') {
  const f = await examFixture(engine, STUDENTS);
  try {
    const base = () => f.server.base;
    const json = { 'content-type': 'application/json' };
    for (const s of f.students) {
      const r = await fetch(`${base()}/api/exams/${f.examId}/attempt`, { method: 'POST', headers: { cookie: s.cookie } });
      if (!r.ok) throw new Error(`open failed: ${r.status} ${await r.text()}`);
    }
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      f.students.map(async (s, i) => {
        // Spread over the first 5 s, as a class starts typing at different moments.
        await new Promise((r) => setTimeout(r, (i * EVERY_MS) / f.students.length));
        let seq = 0;
        while (performance.now() < end) {
          seq++;
          const answers = Object.fromEntries(
            Array.from({ length: 10 }, (_, q) => [`q${q + 1}`, `answer ${seq} of student ${i} `.repeat(8)]),
          );
          const t0 = performance.now();
          try {
            const r = await fetch(`${base()}/api/exams/${f.examId}/attempt/answers`, {
              method: 'PUT',
              headers: { ...json, cookie: s.cookie },
              body: JSON.stringify({ seq, answers }),
            });
            await r.arrayBuffer();
            if (!r.ok) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, Math.max(0, EVERY_MS - (performance.now() - t0))));
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
    console.log(
      `${engine.padEnd(9)} ${STUDENTS} students, a save each every 5 s for ${SECONDS} s: ${latencies.length} saves, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, errors ${errors}`,
    );
  } finally {
    await f.dispose();
  }
}

await run('sqlite');
await run('postgres');
