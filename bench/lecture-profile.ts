/**
 * Profiling aid (not a bench with figures): serves a student's lecture read under autocannon for
 * BENCH_SECONDS so `node --cpu-prof --import tsx bench/lecture-profile.ts` shows only that path. With
 * `BARE=1`, a bare Fastify in this process serves the same bytes instead (the bench's ceiling), to compare.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { benchDeps, BENCH_GUIDE_PASSWORD } from './bench-app.js';
import { buildApp } from '../apps/server/src/app.js';

const { deps, dispose } = await benchDeps('profile', { env: { PASSWORD_HASH_COST: '12', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' } });
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const post = (path: string, body: unknown, cookie = '') =>
  fetch(`${base}${path}`, {
    method: path.includes('access') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
const guide = (await post('/api/auth/login', { email: 'guide@example.com', password: BENCH_GUIDE_PASSWORD })).headers
  .get('set-cookie')!
  .split(';')[0]!;
const created = (await (await post('/api/students', { name: 'P', email: 'p@example.com' }, guide)).json()) as {
  user: { id: string };
  password: string;
};
await post(
  '/api/access',
  {
    changes: ['explanation', 'code', 'assignment'].map((kind) => ({
      studentId: created.user.id,
      lectureId: 'python-day-20',
      kind,
      granted: true,
    })),
  },
  guide,
);
const student = (await post('/api/auth/login', { email: 'p@example.com', password: created.password })).headers
  .get('set-cookie')!
  .split(';')[0]!;
let bare: FastifyInstance | undefined;
let target = `${base}/api/lectures/python-day-20`;
if (process.env.BARE) {
  const bytes = Buffer.from(await (await fetch(target, { headers: { cookie: student } })).arrayBuffer());
  bare = Fastify();
  bare.get('/lecture', (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  target = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/lecture`;
}
const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
// PIN=1: autocannon on core 1 (start this process with `taskset -c 0` to hold the server to core 0).
const args = [bin, '-j', '-c', '100', '-d', process.env.BENCH_SECONDS ?? '5', '-H', `cookie=${student}`, target];
const child = process.env.PIN
  ? spawn('taskset', ['-c', '1', process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (chunk: Buffer) => (out += chunk));
// This process's CPU time a request (user and kernel, microseconds): steadier than requests a second on a
// shared host, since time the process does not get is not counted.
const cpu = process.cpuUsage();
await new Promise((r) => child.once('exit', r));
const used = process.cpuUsage(cpu);
const total = (JSON.parse(out.trim().split('\n').at(-1)!) as { requests: { total: number; average: number } }).requests;
const us = (n: number) => (n / total.total).toFixed(1);
console.error(
  `${total.total} requests, ${total.average} a second; CPU a request: ${us(used.user + used.system)} us (user ${us(used.user)}, system ${us(used.system)})`,
);
await bare?.close();
await app.close();
await dispose();
