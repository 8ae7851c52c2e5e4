/**
 * API benchmark: `npm run bench`. Starts the app in-process on loopback with a temporary SQLite database,
 * signs in a student with grants, and measures the hot read paths with a fixed number of requests at a
 * fixed concurrency (bounded; loopback only). Prints requests/s and latency percentiles per scenario.
 */
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { benchDeps } from './bench-app.js';
import { buildApp } from '../apps/server/src/app.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const { deps, dispose } = await benchDeps('api', { env: { PASSWORD_HASH_COST: '12' } });
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function login(email: string, password: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return r.headers.get('set-cookie')!.split(';')[0]!;
}
const guide = await login('guide@example.com', 'bench-guide-pw');
const created = (await (
  await fetch(`${base}/api/students`, {
    method: 'POST',
    headers: { cookie: guide, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.com' }),
  })
).json()) as { user: { id: string }; password: string };
// 200 more students so the guide dashboard has something to aggregate.
const roster = Array.from({ length: 200 }, (_, i) => `Student ${i},s${i}@example.com,Fall 2025`).join('\n');
await fetch(`${base}/api/students/import`, {
  method: 'POST',
  headers: { cookie: guide, 'content-type': 'application/json' },
  body: JSON.stringify({ csv: roster }),
});
const changes = Array.from({ length: 50 }, (_, i) =>
  ['explanation', 'code', 'assignment'].map((kind) => ({
    studentId: created.user.id,
    lectureId: `python-day-${i + 1}`,
    kind,
    granted: true,
  })),
).flat();
await fetch(`${base}/api/access`, {
  method: 'PUT',
  headers: { cookie: guide, 'content-type': 'application/json' },
  body: JSON.stringify({ changes }),
});
const student = await login('bench@example.com', created.password);

interface Result {
  rps: number;
  p99: number;
}

async function scenario(name: string, url: string, cookie: string) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const r = await fetch(`${base}${url}`, { headers: { cookie } });
        await r.arrayBuffer();
        if (r.status >= 400) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (x: number) => latencies[Math.min(latencies.length - 1, Math.floor(x * latencies.length))]!;
  const p = (x: number) => q(x).toFixed(1);
  const rps = REQUESTS / seconds;
  console.log(
    `${name.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${p(0.5)} ms   p95 ${p(0.95)} ms   p99 ${p(0.99)} ms   failures ${failures}`,
  );
  return { rps, p99: q(0.99) } satisfies Result;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** autocannon in a child process (so the load generator does not share this event loop): 100 connections. */
async function cannon(name: string, url: string, headers: Record<string, string>): Promise<Result> {
  const args = [autocannonBin, '--json', '-c', '100', '-d', String(process.env.BENCH_SECONDS ?? 5)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.once('exit', r));
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  console.log(
    `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/**
 * The ceiling for a lecture read: a bare Fastify in this process serving the very bytes of the student's
 * lecture from memory, measured the same way (autocannon, 100 connections).
 */
async function lectureAgainstCeiling(path: string, cookie: string) {
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  const bytes = await res.text();
  const bare = Fastify();
  bare.get('/lecture', (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/lecture`;
  console.log(
    `\nLecture read (${(bytes.length / 1024).toFixed(0)} KB) against the same bytes from a bare Fastify, autocannon, 100 connections`,
  );
  const ceiling = await cannon('bare Fastify, same bytes (ceiling)', bareUrl, {});
  const lecture = await cannon(`GET ${path}`, `${base}${path}`, { cookie });
  const etag = res.headers.get('etag');
  const repeat = etag ? await cannon(`GET ${path} (If-None-Match -> 304)`, `${base}${path}`, { cookie, 'if-none-match': etag }) : undefined;
  await bare.close();
  console.log(
    `lecture / ceiling: ${((100 * lecture.rps) / ceiling.rps).toFixed(1)} %, p99 ${lecture.p99} ms` +
      (repeat ? `; repeat read (304) / ceiling: ${((100 * repeat.rps) / ceiling.rps).toFixed(1)} %, p99 ${repeat.p99} ms` : ''),
  );
}

console.log(`${REQUESTS} requests per scenario, ${CONCURRENCY} at once, SQLite, loopback`);
await scenario('GET /api/auth/me (student)', '/api/auth/me', student);
await scenario('GET /api/lectures/python-day-20', '/api/lectures/python-day-20', student);
await scenario('GET /api/courses/…/lectures (sidebar)', '/api/courses/course_python_01/lectures', student);
await scenario('GET /api/dashboard/student', '/api/dashboard/student?courseId=course_python_01', student);
await scenario('GET /api/dashboard/guide (201 students)', '/api/dashboard/guide?courseId=course_python_01', guide);
await lectureAgainstCeiling('/api/lectures/python-day-20', student);
await app.close();
await dispose();
