/**
 * Profiling aid (not a bench with figures): serves a student's lecture read under autocannon for
 * BENCH_SECONDS so `node --cpu-prof --import tsx bench/lecture-profile.ts` shows only that path.
 */
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
const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const child = spawn(
  process.execPath,
  [bin, '-c', '100', '-d', process.env.BENCH_SECONDS ?? '5', '-H', `cookie=${student}`, `${base}/api/lectures/python-day-20`],
  { stdio: 'inherit' },
);
await new Promise((r) => child.once('exit', r));
await app.close();
await dispose();
