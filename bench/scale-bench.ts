/**
 * Scale-out bench (`npm run bench:scale`, needs PostgreSQL and Redis: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, and BENCH_REDIS_URL or TEST_REDIS_URL, defaulting to the local ones). Starts real
 * server processes on one fresh PostgreSQL database and one Redis, then loads one instance, and then two at
 * once, in the same run: a granted student's lecture read (autocannon, 100 connections in all), chat delivery
 * with 500 sockets (bench/chat-load.ts) and exam autosave for 2,000 students.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { openDatabase } from '../apps/server/src/db/database.js';
import { scratchDatabase, startServerProcess, type Instance } from '../apps/server/test/instances.js';
import { insertBenchUsers } from './bench-users.js';
import { chatLoad, formatChatLoad } from './chat-load.js';
import { examFixture, PASSWORD as EXAM_PASSWORD } from './exam-fixture.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = process.env.BENCH_SECONDS ?? '8';
const PASSWORD = 'scale-bench-guide-pw';
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);

const db = await scratchDatabase(adminUrl, 'learn_scale');
const instances: Instance[] = [];
try {
  const a = await startServerProcess('A', { databaseUrl: db.url, redisUrl, guidePassword: PASSWORD, env: { LOG_LEVEL: 'error' } });
  instances.push(a);
  const b = await startServerProcess('B', { databaseUrl: db.url, redisUrl, guidePassword: PASSWORD, env: { LOG_LEVEL: 'error' } });
  instances.push(b);

  const json = { 'content-type': 'application/json' };
  const login = async (email: string, password: string) =>
    (await fetch(`${a.base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) })).headers
      .get('set-cookie')!
      .split(';')[0]!;
  const guide = await login('guide@example.com', PASSWORD);
  const created = (await (
    await fetch(`${a.base}/api/students`, {
      method: 'POST',
      headers: { ...json, cookie: guide },
      body: JSON.stringify({ name: 'Scale', email: 'scale@example.com' }),
    })
  ).json()) as { user: { id: string }; password: string };
  const changes = ['explanation', 'code', 'assignment'].map((kind) => ({
    studentId: created.user.id,
    lectureId: 'python-day-20',
    kind,
    granted: true,
  }));
  await fetch(`${a.base}/api/access`, { method: 'PUT', headers: { ...json, cookie: guide }, body: JSON.stringify({ changes }) });
  const student = await login('scale@example.com', created.password);

  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const cannon = async (target: string, connections: number) => {
    const child = spawn(process.execPath, [bin, '--json', '-c', String(connections), '-d', SECONDS, '-H', `cookie=${student}`, target], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => child.once('exit', r));
    const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
    return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors };
  };
  const path = '/api/lectures/python-day-20';
  console.log(`Lecture read on PostgreSQL + Redis, autocannon ${SECONDS} s, 100 connections in all`);
  const one = await cannon(`${a.base}${path}`, 100);
  console.log(`one instance     ${one.rps.toFixed(0).padStart(7)} req/s   p99 ${one.p99} ms   errors ${one.bad}`);
  const [x, y] = await Promise.all([cannon(`${a.base}${path}`, 50), cannon(`${b.base}${path}`, 50)]);
  console.log(
    `two instances    ${(x.rps + y.rps).toFixed(0).padStart(7)} req/s   p99 ${Math.max(x.p99, y.p99)} ms   errors ${x.bad + y.bad}   (${(x.rps + y.rps) / one.rps > 0 ? ((x.rps + y.rps) / one.rps).toFixed(2) : '-'}x)`,
  );

  // Chat: 480 students and 20 guides with a socket each; on two instances, a message sent through one
  // instance reaches sockets held by the other through Redis.
  const handle = openDatabase({ databaseUrl: db.url, dataDir: tmpdir() });
  try {
    const students = await insertBenchUsers(handle.db, 'chat_s', 480, 'student');
    const guides = await insertBenchUsers(handle.db, 'chat_g', 20, 'guide');
    console.log(`\nChat delivery on PostgreSQL + Redis, 500 sockets, ${CHAT_SECONDS} s (students every 10 s, guides every 2.5 s)`);
    console.log(`one instance     ${formatChatLoad(await chatLoad({ bases: [a.base], students, guides, seconds: CHAT_SECONDS }))}`);
    console.log(`two instances    ${formatChatLoad(await chatLoad({ bases: [a.base, b.base], students, guides, seconds: CHAT_SECONDS }))}`);
  } finally {
    await handle.close();
  }
} finally {
  for (const i of instances) {
    i.child.kill('SIGTERM');
    await i.exited;
  }
  await db.drop();
}

// Exam autosave: 2,000 students (BENCH_EXAM_STUDENTS), a save each every 5 s for BENCH_EXAM_SECONDS (30),
// on one instance and then spread over two, PostgreSQL + Redis.
const EXAM_STUDENTS = Number(process.env.BENCH_EXAM_STUDENTS ?? 2000);
const EXAM_SECONDS = Number(process.env.BENCH_EXAM_SECONDS ?? 30);
const f = await examFixture('postgres', EXAM_STUDENTS, { REDIS_URL: redisUrl });
const second = await startServerProcess('exam-B', {
  databaseUrl: f.databaseUrl,
  redisUrl,
  guidePassword: EXAM_PASSWORD,
  env: { LOG_LEVEL: 'error' },
});
try {
  for (const s of f.students)
    await fetch(`${f.server.base}/api/exams/${f.examId}/attempt`, { method: 'POST', headers: { cookie: s.cookie } });
  const seqs = new Map<string, number>();
  const next = (id: string) => {
    const n = (seqs.get(id) ?? 0) + 1;
    seqs.set(id, n);
    return n;
  };
  const autosave = async (bases: string[]) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + EXAM_SECONDS * 1000;
    await Promise.all(
      f.students.map(async (s, i) => {
        await new Promise((r) => setTimeout(r, (i * 5_000) / f.students.length));
        const base = bases[i % bases.length]!;
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            const r = await fetch(`${base}/api/exams/${f.examId}/attempt/answers`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', cookie: s.cookie },
              body: JSON.stringify({ seq: next(s.id), answers: { q1: `answer ${seqs.get(s.id)}`, q2: 'x'.repeat(200) } }),
            });
            await r.arrayBuffer();
            if (!r.ok) errors++;
          } catch {
            errors++;
          }
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (performance.now() - t0))));
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
    return `${latencies.length} saves, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, errors ${errors}`;
  };
  console.log(`\nExam autosave on PostgreSQL + Redis: ${EXAM_STUDENTS} students, a save each every 5 s for ${EXAM_SECONDS} s`);
  console.log(`one instance     ${await autosave([f.server.base])}`);
  console.log(`two instances    ${await autosave([f.server.base, second.base])}`);
} finally {
  second.child.kill('SIGTERM');
  await second.exited;
  await f.dispose();
}
