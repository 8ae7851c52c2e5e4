/**
 * Homework grading benchmark: `npm run bench:homework`. In-process app on loopback with a temporary SQLite
 * database and the real sandbox. 60 students (BENCH_STUDENTS) each submit the reference solution of a
 * 5-test C homework, spread evenly over BENCH_SPREAD_MS (default one minute). Reports how many were graded,
 * the time from submit to results (p50, p95, max) as a ratio to one submission graded alone in the same run,
 * and the largest grader backlog and runner queue seen (both must stay bounded).
 */
import type { LiveEvent } from '@learn/shared';
import { benchDeps } from './bench-app.js';
import { buildApp } from '../apps/server/src/app.js';
import { compose } from '../apps/server/src/compose.js';
import { assignmentFor } from '../apps/server/src/modules/homework/repository.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 60);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 60_000);
const LECTURE = 'c-cpp-day-4';

// A class signs in from its own machines: each student from its own address (behind the trusted proxy), as
// sixty sign-ins from one address would be refused by the per-address sign-in limit.
const { deps, dispose } = await benchDeps('hw', { env: { PASSWORD_HASH_COST: '12', TRUST_PROXY: 'true' } });
const { services } = compose(deps);
const app = await buildApp(deps, services);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

async function call<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}/api/${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}
async function login(email: string, password: string, address = '10.0.0.1') {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status}`);
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

const tasks = (await assignmentFor(deps.db, LECTURE))!.tasks;
const taskIndex = tasks.findIndex((t) => t.type === 'homework' && t.tests?.length === 5);
const code = tasks[taskIndex]!.solution!;
const guide = await login(deps.config.guide.email, 'bench-guide-pw');
const cookies: string[] = [];
for (let i = 0; i <= STUDENTS; i++) {
  const made = await call<{ user: { id: string; email: string }; password: string }>(guide, 'POST', 'students', {
    name: `Bench Student ${i}`,
    email: `bench${i}@example.com`,
  });
  await call(guide, 'PUT', 'access', { changes: [{ studentId: made.user.id, lectureId: LECTURE, kind: 'assignment', granted: true }] });
  cookies.push(await login(made.user.email, made.password, `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`));
}

const graded = new Map<number, number>();
deps.pubsub.subscribe((e: LiveEvent) => {
  if (e.type === 'homework.autograded') graded.set(e.submissionId, performance.now());
});
let maxBacklog = 0;
let maxRunnerQueue = 0;
const sampler = setInterval(() => {
  const b = services.grader.backlog;
  maxBacklog = Math.max(maxBacklog, b.waiting + b.grading);
  maxRunnerQueue = Math.max(maxRunnerQueue, services.runner.lanes.grading.queued);
}, 20);

async function submitOne(cookie: string): Promise<{ id: number; at: number }> {
  const at = performance.now();
  const s = await call<{ id: number }>(cookie, 'POST', 'homework/submissions', { lectureId: LECTURE, taskIndex, code });
  return { id: s.id, at };
}
const waitGraded = async (ids: number[]) => {
  while (!ids.every((id) => graded.has(id))) await new Promise((r) => setTimeout(r, 10));
};

// Baseline: one submission graded alone.
const alone = await submitOne(cookies[0]!);
await waitGraded([alone.id]);
const baselineMs = graded.get(alone.id)! - alone.at;

const started = performance.now();
const sent = await Promise.all(
  cookies.slice(1).map(async (cookie, i) => {
    await new Promise((r) => setTimeout(r, (SPREAD_MS / STUDENTS) * i));
    return submitOne(cookie);
  }),
);
await waitGraded(sent.map((s) => s.id));
clearInterval(sampler);
const wall = performance.now() - started;

const latencies = sent.map((s) => graded.get(s.id)! - s.at).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
const rows = await deps.db.selectFrom('homework_submissions').select(['autograde_status', 'passed', 'total']).execute();
const done = rows.filter((r) => r.autograde_status === 'done' && r.passed === 5 && r.total === 5).length;
const ratio = (ms: number) => `${(ms / baselineMs).toFixed(2)}x`;
console.log(
  `homework grading: ${STUDENTS} students over ${SPREAD_MS} ms, grading lane concurrency ${services.runner.lanes.grading.concurrency}`,
);
console.log(`  graded with all 5 tests passed: ${done} of ${rows.length} submissions (none lost: ${done === rows.length})`);
console.log(`  baseline (one alone): ${baselineMs.toFixed(0)} ms`);
console.log(
  `  submit -> results: p50 ${pct(50).toFixed(0)} ms (${ratio(pct(50))}), p95 ${pct(95).toFixed(0)} ms (${ratio(pct(95))}), max ${latencies.at(-1)!.toFixed(0)} ms (${ratio(latencies.at(-1)!)})`,
);
console.log(
  `  wall ${wall.toFixed(0)} ms; largest grader backlog ${maxBacklog}; largest grading queue ${maxRunnerQueue} (limit ${services.runner.lanes.grading.length})`,
);

await app.close();
await dispose();
