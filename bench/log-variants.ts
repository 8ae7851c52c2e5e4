/**
 * Where the request log's cost lies (a diagnostic, not a bench with figures): server processes as `npm start`
 * runs them, differing only in logging, take turns serving the lecture read (autocannon, 100 connections,
 * pinned like `npm run bench`); medians of each against the first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_GUIDE_PASSWORD } from './bench-app.js';
import { startServerProcess, type Instance } from '../apps/server/test/instances.js';

const dir = mkdtempSync(join(tmpdir(), 'learn-log-variants-'));
const variants = (process.env.VARIANTS ?? 'silent,warn,info:/dev/null,info:file').split(',');
const servers: Instance[] = [];
for (const v of variants) {
  // `base/info:file`: the server of the checkout in BASE_CHECKOUT (e.g. a `git worktree` of the last commit)
  const [version, setting] = v.includes('/') ? v.split('/') : ['', v];
  const [level, out] = setting!.split(':');
  servers.push(
    await startServerProcess(v, {
      databaseUrl: '',
      guidePassword: BENCH_GUIDE_PASSWORD,
      env: { NODE_ENV: 'production', DATA_DIR: join(dir, v.replace(/\W/g, '_')), LOG_LEVEL: level!, PASSWORD_HASH: 'argon2id' },
      ...(version ? { main: join(process.env.BASE_CHECKOUT!, 'apps/server/src/main.ts') } : {}),
      ...(out === 'file' ? { logFile: join(dir, 'log') } : out ? { logFile: out } : {}),
    }),
  );
}
// If this fails half-way, its servers must not outlive it.
process.on('exit', () => servers.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL')));
async function post(base: string, path: string, body: unknown, cookie = '', method = 'POST') {
  return fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
}
const cookieOf = (r: Response) => r.headers.get('set-cookie')!.split(';')[0]!;
const students: string[] = [];
for (const s of servers) {
  const guide = cookieOf(await post(s.base, '/api/auth/login', { email: 'guide@example.com', password: BENCH_GUIDE_PASSWORD }));
  const created = (await (await post(s.base, '/api/students', { name: 'B', email: 'b@example.com' }, guide)).json()) as {
    user: { id: string };
    password: string;
  };
  const changes = ['explanation', 'code', 'assignment'].map((kind) => ({
    studentId: created.user.id,
    lectureId: 'python-day-20',
    kind,
    granted: true,
  }));
  await post(s.base, '/api/access', { changes }, guide, 'PUT');
  students.push(cookieOf(await post(s.base, '/api/auth/login', { email: 'b@example.com', password: created.password })));
}
for (const s of servers) execFileSync('taskset', ['-a', '-p', '-c', '0', String(s.child.pid)], { stdio: 'ignore' });
const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
async function cannon(url: string, cookie: string) {
  const child = spawn(
    'taskset',
    [
      '-c',
      '1',
      process.execPath,
      bin,
      '--json',
      '-c',
      '100',
      '-d',
      process.env.BENCH_SECONDS ?? '3',
      '--warmup',
      '[',
      '-c',
      '100',
      '-d',
      '1',
      ']',
      '-H',
      `cookie=${cookie}`,
      url,
    ],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.once('exit', r));
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { requests: { average: number } }).requests.average;
}
const rows: number[][] = [];
for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 6); round++) {
  const row: number[] = new Array(servers.length);
  for (let k = 0; k < servers.length; k++) {
    const i = (round + k) % servers.length;
    row[i] = await cannon(`${servers[i]!.base}/api/lectures/python-day-20`, students[i]!);
  }
  rows.push(row);
  console.log(row.map((r, i) => `${variants[i]} ${r.toFixed(0)}`).join('   '));
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (let i = 0; i < servers.length; i++)
  console.log(
    `${variants[i]!.padEnd(20)} median ${median(rows.map((r) => r[i]!)).toFixed(0)} req/s, ${median(rows.map((r) => (100 * r[i]!) / r[0]!)).toFixed(1)} % of ${variants[0]}`,
  );
for (const s of servers) s.child.kill('SIGTERM');
