import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../apps/server/test/instances.js';

/**
 * Issue 31: the product started exactly as an operator starts it, `npm start`, in its own process group.
 * Each way of stopping it (SIGTERM to npm, SIGTERM to the group, Ctrl+C = SIGINT to the group) during a run
 * and an interactive run: both finish, readiness says 503 meanwhile, one drain, exit 0. And an upgrade:
 * a changed web source is rebuilt and served by the next start; the first-start box comes after the build
 * output and again at the end.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null || !c.pid) continue;
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  base: string;
  lines: () => string[];
  exited: Promise<number | null>;
}
async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'learn-npm-start-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // its own process group, as a terminal gives it
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PASSWORD_HASH: 'scrypt',
      PASSWORD_HASH_COST: '12',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${out}`);
    if ((await fetch(`${base}/api/health/ready`).catch(() => null))?.ok) break;
    if (Date.now() - started > 240_000) throw new Error(`npm start did not become ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, lines: () => out.split('\n').filter(Boolean), exited };
}

const msgs = (s: Started) =>
  s.lines().map((l) => {
    try {
      return (JSON.parse(l) as { msg: string }).msg;
    } catch {
      return `(not JSON) ${l}`;
    }
  });

/** The generated first password, from the first-start log line. */
function firstPassword(s: Started): string {
  const line = s.lines().find((l) => l.includes('First start'));
  return (JSON.parse(line!) as { password: string }).password;
}

async function signIn(s: Started, password: string, email = 'guide@example.com') {
  const res = await fetch(`${s.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const PROGRAM = 'import time\nfor i in range(3):\n    print(i, flush=True)\n    time.sleep(1)\nprint("done")\n';

/** A run and an interactive run under way, the signal, then both must finish and the process exit 0. */
async function stopDuringRuns(s: Started, signal: () => void) {
  const cookie = await signIn(s, firstPassword(s));
  // Each student runs one program at a time: the interactive run is a student's, the other the mate's.
  const email = `runner-${Date.now()}@example.com`;
  const created = await fetch(`${s.base}/api/students`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Run Student', email }),
  });
  expect(created.status).toBe(201);
  const studentCookie = await signIn(s, ((await created.json()) as { password: string }).password, email);
  const run = fetch(`${s.base}/api/run`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'python', code: PROGRAM }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { run?: { stdout: string } } }));
  const socket = new WebSocket(`${s.base.replace('http', 'ws')}/api/run/ws`, { headers: { cookie: studentCookie } });
  const received: { type: string; run?: { stdout: string } }[] = [];
  socket.on('message', (d) => received.push(JSON.parse(String(d)) as { type: string }));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'start', language: 'python', code: PROGRAM }));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  // Both programs are running (they print for 3 s).
  for (let i = 0; ; i++) {
    const h = (await (await fetch(`${s.base}/api/health`)).json()) as { runner: { running: number } };
    if (h.runner.running >= 2 && received.some((m) => m.type === 'stdout')) break;
    if (i > 200) throw new Error(`the runs did not start: ${JSON.stringify(received)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  signal();
  await new Promise((r) => setTimeout(r, 300));
  expect((await fetch(`${s.base}/api/health/ready`)).status).toBe(503);
  expect((await fetch(`${s.base}/api/health/live`)).status).toBe(200);
  const done = await run;
  expect(done.status).toBe(200);
  expect(done.body.run?.stdout).toBe('0\n1\n2\ndone\n');
  await closed;
  const exit = received.find((m) => m.type === 'exit');
  expect(exit, JSON.stringify(received)).toBeDefined();
  expect(
    received
      .filter((m) => m.type === 'stdout')
      .map((m) => (m as unknown as { data: string }).data)
      .join(''),
  ).toBe('0\n1\n2\ndone\n');
  expect(await s.exited).toBe(0);
  const log = msgs(s);
  expect(log.filter((m) => /received: draining/.test(m))).toHaveLength(1);
  expect(log).toContain('Shut down cleanly');
  return log;
}

describe('npm start', () => {
  it('SIGTERM to the npm process: drains once, runs finish, exit 0', async () => {
    const s = await npmStart();
    const log = await stopDuringRuns(s, () => s.child.kill('SIGTERM'));
    // Every line JSON (the build lines of npm start included).
    expect(log.filter((m) => m.startsWith('(not JSON)') && !/^\(not JSON\) > /.test(m) && m !== '(not JSON) ')).toEqual([]);
  }, 300_000);

  it('SIGTERM to the process group (both npm and the server get it): one drain, the second only logged', async () => {
    const s = await npmStart();
    const log = await stopDuringRuns(s, () => process.kill(-s.child.pid!, 'SIGTERM'));
    // One drain (stopDuringRuns checks it); the copy of the signal that start.mjs forwards, when it arrives
    // before the server is gone, is only logged, never a second drain or an early exit.
    const signals = log.filter((m) => /SIGTERM received/.test(m));
    expect(signals.length).toBeGreaterThanOrEqual(1);
    for (const m of signals) expect(m).toMatch(/SIGTERM received(: draining| again: already draining)/);
  }, 300_000);

  it('npm start killed outright (SIGKILL): the server notices, drains and exits, no orphan left serving', async () => {
    const s = await npmStart();
    const children = (pid: number) =>
      spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number);
    const [startScript] = children(s.child.pid!); // npm execs scripts/start.mjs
    const [server] = children(startScript!);
    expect(server).toBeGreaterThan(0);
    process.kill(startScript!, 'SIGKILL');
    const alive = () => {
      try {
        process.kill(server!, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; alive() && i < 600; i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive()).toBe(false);
    expect(await fetch(`${s.base}/api/health/live`).catch(() => null)).toBeNull();
    expect(msgs(s)).toContain('The npm start process ended: draining (at most 15 s)');
    expect(msgs(s)).toContain('Shut down cleanly');
  }, 300_000);

  it('Ctrl+C (SIGINT to the group) after an upgrade: the changed page is served, the box follows the build', async () => {
    const html = join(root, 'apps/web/index.html');
    const original = readFileSync(html, 'utf8');
    const probe = `upgrade-${randomBytes(4).toString('hex')}`;
    try {
      writeFileSync(html, original.replace('</head>', `  <meta name="learn-build" content="${probe}" />\n  </head>`));
      const s = await npmStart();
      expect(await (await fetch(`${s.base}/`)).text()).toContain(probe);
      const log = msgs(s);
      const built = log.findIndex((m) => /^Web app built in \d+ s$/.test(m));
      const boxes = log.map((m, i) => (m.startsWith('First start') ? i : -1)).filter((i) => i >= 0);
      expect(built).toBeGreaterThanOrEqual(0);
      expect(boxes).toHaveLength(2);
      expect(boxes[0]).toBeGreaterThan(built);
      expect(boxes[1]).toBeGreaterThan(log.findIndex((m) => m.startsWith('Learn is serving on')));
      await stopDuringRuns(s, () => process.kill(-s.child.pid!, 'SIGINT'));
    } finally {
      writeFileSync(html, original); // the next start rebuilds again, as after any change
    }
  }, 400_000);
});
