/**
 * API benchmark: `npm run bench`. Starts the app in-process on loopback with a temporary SQLite database,
 * signs in a student with grants, and measures the hot read paths with a fixed number of requests at a
 * fixed concurrency (bounded; loopback only). Prints requests/s and latency percentiles per scenario.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import type { AppDeps } from '../apps/server/src/platform/deps.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, migrateToLatest } from '../apps/server/src/db/database.js';
import { seed } from '../apps/server/src/db/seed.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { PasswordHasher } from '../apps/server/src/platform/passwords.js';
import { InProcessPubSub } from '../apps/server/src/platform/pubsub.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dir = mkdtempSync(join(tmpdir(), 'learn-bench-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', LEARN_GUIDE_PASSWORD: 'bench-guide-pw', PASSWORD_HASH_COST: '12' });
const handle = openDatabase(config);
await migrateToLatest(handle);
const deps: AppDeps = {
  config,
  db: handle.db,
  engine: handle.engine,
  dbVersion: () => handle.version(),
  clock: systemClock,
  hasher: new PasswordHasher(config.passwordHash.cost, 4),
  pubsub: new InProcessPubSub(),
};
await seed(deps);
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

async function scenario(name: string, path: string, cookie: string) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const r = await fetch(`${base}${path}`, { headers: { cookie } });
        await r.arrayBuffer();
        if (!r.ok) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(34)} ${(REQUESTS / seconds).toFixed(0).padStart(6)} req/s   p50 ${p(0.5)} ms   p95 ${p(0.95)} ms   p99 ${p(0.99)} ms   failures ${failures}`,
  );
}

console.log(`${REQUESTS} requests per scenario, ${CONCURRENCY} at once, SQLite, loopback`);
await scenario('GET /api/auth/me (student)', '/api/auth/me', student);
await scenario('GET /api/lectures/python-day-20', '/api/lectures/python-day-20', student);
await scenario('GET /api/courses/…/lectures (sidebar)', '/api/courses/course_python_01/lectures', student);
await scenario('GET /api/dashboard/student', '/api/dashboard/student?courseId=course_python_01', student);
await scenario('GET /api/dashboard/guide (201 students)', '/api/dashboard/guide?courseId=course_python_01', guide);
await app.close();
await handle.close();
rmSync(dir, { recursive: true, force: true });
