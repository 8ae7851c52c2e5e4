/**
 * API benchmark: `npm run bench`. Starts the server as `npm start` runs it (a process of its own, production
 * settings, the request log on at `info`, its standard output to a file) on a temporary SQLite database,
 * signs in a student with grants, and measures the hot read paths with a fixed number of requests at a
 * fixed concurrency (bounded; loopback only). Prints requests/s and latency percentiles per scenario, then
 * the lecture read against a bare Fastify serving the same bytes, with the request log on and off (a second
 * server process with LOG_LEVEL=silent). For that comparison the servers and the bare Fastify are held to one
 * core and the load generator to another (`taskset`; `BENCH_PIN=0` leaves them free), so that each is served
 * by one core whichever way the scheduler would have placed them, in 16 rounds of runs of 2 s taking turns
 * (`BENCH_ROUNDS`, `BENCH_SECONDS`), each after 1 s of unmeasured load (`BENCH_WARMUP`), each between two runs
 * of the bare Fastify (its ratio is to their mean): the machine's other work falls on all of them alike;
 * medians are printed.
 */
import Fastify from 'fastify';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_GUIDE_PASSWORD } from './bench-app.js';
import { startServerProcess, type Instance } from '../apps/server/test/instances.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const SECONDS = String(process.env.BENCH_SECONDS ?? 2);
/** Seconds of load before each measurement, unmeasured: a fresh autocannon is itself slow in its first second. */
const WARMUP = String(process.env.BENCH_WARMUP ?? 1);
/** Servers on core 0, the load generator on core 1 (with two cores or more, and `taskset`, unless BENCH_PIN=0). */
const PIN = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2 && hasTaskset();

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
/** Holds a process and all its threads to the given cores. */
const pinProcess = (pid: number, cores: string) => execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });

const dir = mkdtempSync(join(tmpdir(), 'learn-api-bench-'));
const logFile = join(dir, 'server.log');
/** A server process as `npm start` runs one, on a database of its own. */
const server = (name: string, logLevel: string) =>
  startServerProcess(name, {
    databaseUrl: '',
    guidePassword: BENCH_GUIDE_PASSWORD,
    env: { NODE_ENV: 'production', DATA_DIR: join(dir, name), LOG_LEVEL: logLevel, PASSWORD_HASH: 'argon2id' },
    ...(logLevel === 'silent' ? {} : { logFile }),
  });
const [logged, silent] = [await server('log-on', 'info'), await server('log-off', process.env.BENCH_OFF_LEVEL ?? 'silent')];
// If the bench fails half-way, its servers must not outlive it (they would share core 0 with the next run).
process.on('exit', () => [logged, silent].forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL')));

async function login(base: string, email: string, password: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

/** The guide, a student with grants on 50 lectures and 200 more students (for the guide dashboard). */
async function setUp({ base }: Instance) {
  const guide = await login(base, 'guide@example.com', BENCH_GUIDE_PASSWORD);
  const created = (await (
    await fetch(`${base}/api/students`, {
      method: 'POST',
      headers: { cookie: guide, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com' }),
    })
  ).json()) as { user: { id: string }; password: string };
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
  return { guide, student: await login(base, 'bench@example.com', created.password) };
}
const on = await setUp(logged);
const off = await setUp(silent);
const base = logged.base;

interface Result {
  rps: number;
  p99: number;
}

async function scenario(name: string, url: string, cookie: string, at = base, quiet = false) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const r = await fetch(`${at}${url}`, { headers: { cookie } });
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
  if (!quiet)
    console.log(
      `${name.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${p(0.5)} ms   p95 ${p(0.95)} ms   p99 ${p(0.99)} ms   failures ${failures}`,
    );
  return { rps, p99: q(0.99) } satisfies Result;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** autocannon in a child process (so the load generator does not share this event loop): 100 connections. */
async function cannon(name: string, url: string, headers: Record<string, string>): Promise<Result> {
  const args = [autocannonBin, '--json', '-c', '100', '-d', SECONDS];
  if (WARMUP !== '0') args.push('--warmup', '[', '-c', '100', '-d', WARMUP, ']');
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const child = PIN
    ? spawn('taskset', ['-c', '1', process.execPath, ...args, url], { stdio: ['ignore', 'pipe', 'ignore'] })
    : spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.once('exit', r));
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  console.log(
    `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   non-2xx ${r.non2xx}   errors ${r.errors}`,
  );
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/**
 * The ceiling for a lecture read: a bare Fastify in this process serving the very bytes of the student's
 * lecture from memory, measured the same way (autocannon, 100 connections); then the lecture read of the
 * server with the request log on and of the one with it off, and the repeat read (304) with it on.
 */
async function lectureAgainstCeiling(path: string) {
  const res = await fetch(`${logged.base}${path}`, { headers: { cookie: on.student } });
  // The answer's bytes as bytes: a string would be encoded again on every request (about a fifth of bare
  // Fastify's throughput for 17 KB), which the server does not do; until 2026-11-27 the ceiling did, and the
  // shares were flattered by it.
  const bytes = Buffer.from(await res.arrayBuffer());
  const bare = Fastify();
  bare.get('/lecture', (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/lecture`;
  if (PIN) for (const pid of [process.pid, logged.child.pid!, silent.child.pid!]) pinProcess(pid, '0');
  console.log(
    `\nLecture read (${(bytes.length / 1024).toFixed(0)} KB) against the same bytes from a bare Fastify, autocannon, 100 connections, ${SECONDS} s after ${WARMUP} s of warm-up, ` +
      (PIN ? 'servers and bare Fastify on core 0, autocannon on core 1' : 'not pinned to cores'),
  );
  // Rounds of ceiling, log on, log off and the repeat read, one after the other, so that the machine's other work
  // moves all of them; after the ceiling, the other three take turns going first.
  const etag = res.headers.get('etag') ?? '';
  const kinds = ['on', 'off', 'repeat'] as const;
  const rounds: Record<(typeof kinds)[number], Result & { ceiling: number }>[] = [];
  let logBytes = 0;
  const measure = {
    on: async () => {
      const logBefore = statSync(logFile).size;
      const r = await cannon(`GET ${path}, request log on`, `${logged.base}${path}`, { cookie: on.student });
      logBytes = statSync(logFile).size - logBefore;
      return r;
    },
    off: () => cannon(`GET ${path}, request log off`, `${silent.base}${path}`, { cookie: off.student }),
    repeat: () =>
      cannon(`GET ${path} (If-None-Match -> 304), log on`, `${logged.base}${path}`, { cookie: on.student, 'if-none-match': etag }),
  };
  // Each measurement sits between two ceilings, and its ratio is to their mean: the host's speed drifts over
  // seconds, and a ceiling taken just before and just after follows it (a measurement's neighbours share one).
  const ceiling = () => cannon('bare Fastify, same bytes (ceiling)', bareUrl, {});
  let before = await ceiling();
  for (let i = 0; i < ROUNDS; i++) {
    const round = {} as (typeof rounds)[number];
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(i + k) % kinds.length]!;
      const r = await measure[kind]();
      const after = await ceiling();
      round[kind] = { ...r, ceiling: (before.rps + after.rps) / 2 };
      before = after;
    }
    rounds.push(round);
  }
  await bare.close();
  const ratio = (k: (typeof kinds)[number]) => rounds.map((r) => (100 * r[k].rps) / r[k].ceiling).sort((a, b) => a - b);
  const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
  const p99 = (k: (typeof kinds)[number]) => median(rounds.map((r) => r[k].p99).sort((a, b) => a - b));
  const show = (k: (typeof kinds)[number]) =>
    `${median(ratio(k)).toFixed(1)} % (rounds: ${ratio(k)
      .map((x) => x.toFixed(0))
      .join(', ')}), p99 ${p99(k)} ms`;
  console.log(
    `lecture / ceiling, median of ${ROUNDS} rounds:\n  request log on ${show('on')}\n  request log off ${show('off')}\n` +
      `  repeat read (304), log on ${show('repeat')}\n  (the log grew ${(logBytes / 1024 / 1024).toFixed(1)} MB during one log-on read)`,
  );
}

console.log(`${REQUESTS} requests per scenario, ${CONCURRENCY} at once, SQLite, loopback, request log on (LOG_LEVEL=info, to a file)`);
/** The read paths; the log-off server serves the same ones first, unprinted, so both have the same history. */
const paths = (who: { guide: string; student: string }) =>
  [
    ['GET /api/auth/me (student)', '/api/auth/me', who.student],
    ['GET /api/lectures/python-day-20', '/api/lectures/python-day-20', who.student],
    ['GET /api/courses/…/lectures (sidebar)', '/api/courses/course_python_01/lectures', who.student],
    ['GET /api/dashboard/student', '/api/dashboard/student?courseId=course_python_01', who.student],
    ['GET /api/dashboard/guide (201 students)', '/api/dashboard/guide?courseId=course_python_01', who.guide],
  ] as const;
for (const [name, url, cookie] of paths(on)) await scenario(name, url, cookie);
for (const [name, url, cookie] of paths(off)) await scenario(name, url, cookie, silent.base, true);
await lectureAgainstCeiling('/api/lectures/python-day-20');
for (const s of [logged, silent]) {
  s.child.kill('SIGTERM');
  await s.exited;
}
if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
else rmSync(dir, { recursive: true, force: true });
