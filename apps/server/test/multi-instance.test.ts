import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import type { LiveEvent } from '@learn/shared';
import type { ChildProcess } from 'node:child_process';
import { scratchDatabase, startServerProcess, type Instance } from './instances.js';
import { startWorker } from './workers.js';

/**
 * Issue 18: two real server processes (`apps/server/src/main.ts`) on one PostgreSQL database and one Redis,
 * as two instances behind a load balancer. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set
 * (`.ci/run` sets both; with CI=true they are required, see harness.ts and redis-pubsub.test.ts).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !(adminUrl && redisUrl))
  throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set: the multi-instance tests must run in CI (see .ci/run).');

const GUIDE_PASSWORD = 'multi-guide-password';
// With REDIS_URL every run is a job for runner workers (issue 29): both instances share one queue and worker.
const queuePrefix = `test:runs:multi-${process.pid}-${Date.now()}`;
const startInstance = (name: string, databaseUrl: string) =>
  startServerProcess(name, {
    databaseUrl,
    redisUrl: redisUrl!,
    guidePassword: GUIDE_PASSWORD,
    // debug: each job run logs "job <name> done", which the deadline test waits for.
    env: { RUNNER_RUNS_PER_MINUTE: '3', RUNNER_QUEUE_PREFIX: queuePrefix, LOG_LEVEL: 'debug' },
  });

/** Waits for a condition on what the instances said or sent (the test's own time-out bounds it). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

async function login(i: Instance, email: string, password: string) {
  return fetch(`${i.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

describe.runIf(adminUrl && redisUrl)('two server processes on one PostgreSQL and one Redis', () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: Instance;
  let b: Instance;
  let guide: string;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    worker = await startWorker({ REDIS_URL: redisUrl!, RUNNER_QUEUE_PREFIX: queuePrefix });
    db = await scratchDatabase(adminUrl!, 'learn_multi');
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startInstance('A', db.url);
    b = await startInstance('B', db.url);
    guide = cookieOf(await login(a, 'guide@example.com', GUIDE_PASSWORD));
  }, 180_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill('SIGKILL');
    await db?.drop();
  });

  async function newStudent(email: string) {
    const res = await fetch(`${a.base}/api/students`, {
      method: 'POST',
      headers: { cookie: guide, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Student ${email}`, email }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { id: string }; password: string };
    return { id: body.user.id, email, password: body.password };
  }

  it('an image sent through A is served by B (images live in the database, not on one instance)', async () => {
    const s = await newStudent('multi-image@example.com');
    const cookie = cookieOf(await login(a, s.email, s.password));
    const photo = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const sent = await fetch(`${a.base}/api/chat/conversations/${s.id}/images`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'image/png', 'x-caption-bytes': '7' },
      body: Buffer.concat([Buffer.from('from A!'), photo]),
    });
    expect(sent.status).toBe(201);
    const { imageUrl } = (await sent.json()) as { imageUrl: string };
    const viaA = Buffer.from(await (await fetch(`${a.base}${imageUrl}`, { headers: { cookie } })).arrayBuffer());
    const viaB = await fetch(`${b.base}${imageUrl}`, { headers: { cookie: guide } });
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await viaB.arrayBuffer()).equals(viaA)).toBe(true);
  });

  it('a grant made on A reaches the student socket held by B, and B serves the lecture at once', async () => {
    const s = await newStudent('multi-live@example.com');
    const cookie = cookieOf(await login(b, s.email, s.password));
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
    const events: LiveEvent[] = [];
    socket.on('message', (d) => events.push(JSON.parse(String(d)) as LiveEvent));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect((await fetch(`${b.base}/api/lectures/python-day-2`, { headers: { cookie } })).status).toBe(403);
    const granted = await fetch(`${a.base}/api/access`, {
      method: 'PUT',
      headers: { cookie: guide, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: [{ studentId: s.id, lectureId: 'python-day-2', kind: 'explanation', granted: true }] }),
    });
    expect(granted.status).toBe(200);
    const started = Date.now();
    while (!events.some((e) => e.type === 'access.changed') && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
    expect(events.map((e) => e.type)).toContain('access.changed');
    expect((await fetch(`${b.base}/api/lectures/python-day-2`, { headers: { cookie } })).status).toBe(200);
    socket.close();
  });

  it('five failed sign-ins spread over A and B throttle the account on both', async () => {
    const s = await newStudent('multi-throttle@example.com');
    const statuses: number[] = [];
    for (const i of [a, b, a, b, a]) statuses.push((await login(i, s.email, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await login(b, s.email, 'wrong-password')).status).toBe(429);
    expect((await login(a, s.email, 'wrong-password')).status).toBe(429);
  });

  it('a chat message sent through A arrives on the socket the student holds on B', async () => {
    const s = await newStudent('multi-chat@example.com');
    const cookie = cookieOf(await login(b, s.email, s.password));
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
    const events: LiveEvent[] = [];
    socket.on('message', (d) => events.push(JSON.parse(String(d)) as LiveEvent));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const sent = await fetch(`${a.base}/api/chat/conversations/${s.id}/messages`, {
      method: 'POST',
      headers: { cookie: guide, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello from instance A' }),
    });
    expect(sent.status).toBe(201);
    const started = Date.now();
    const arrived = () => events.some((e) => e.type === 'chat.message' && JSON.stringify(e).includes('Hello from instance A'));
    while (!arrived() && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
    expect(arrived()).toBe(true);
    socket.close();
  });

  it('the code runs per minute of a student count across A and B', async () => {
    const s = await newStudent('multi-runs@example.com');
    const run = async (i: Instance, cookie: string) =>
      (
        await fetch(`${i.base}/api/run`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ language: 'python', code: 'print(1)', stdin: '' }),
        })
      ).status;
    const onA = cookieOf(await login(a, s.email, s.password));
    const onB = cookieOf(await login(b, s.email, s.password));
    expect([await run(a, onA), await run(b, onB), await run(a, onA)]).toEqual([200, 200, 200]);
    expect(await run(b, onB)).toBe(429);
  });

  it('a logout on A ends the session on B at once (B had it cached)', async () => {
    const s = await newStudent('multi-logout@example.com');
    const cookie = cookieOf(await login(a, s.email, s.password));
    expect((await fetch(`${b.base}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    let status = 200;
    const started = Date.now();
    while (status === 200 && Date.now() - started < 5_000) {
      status = (await fetch(`${b.base}/api/auth/me`, { headers: { cookie } })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('an abandoned exam attempt is submitted by the server exactly once, with both instances running the deadline job', async () => {
    const s = await newStudent('multi-exam@example.com');
    const days = Array.from({ length: 7 }, (_, i) => `python-day-${i + 1}`);
    const json = { cookie: guide, 'content-type': 'application/json' };
    await fetch(`${a.base}/api/access`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ changes: days.map((lectureId) => ({ studentId: s.id, lectureId, kind: 'explanation', granted: true })) }),
    });
    const cookie = cookieOf(await login(b, s.email, s.password));
    for (const d of days)
      expect((await fetch(`${b.base}/api/lectures/${d}/complete`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    const exam = (await (
      await fetch(`${a.base}/api/exams`, { method: 'POST', headers: json, body: JSON.stringify({ courseId: 'course_python_01', week: 1 }) })
    ).json()) as { id: string };
    const questions = [{ id: 'q1', type: 'short-answer', prompt: 'Why?', points: 5 }];
    expect(
      (
        await fetch(`${a.base}/api/exams/${exam.id}`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ title: 'Short', duration: 1, questions }),
        })
      ).status,
    ).toBe(200);
    // The guide's sockets on both instances count the submissions announced.
    const events: LiveEvent[] = [];
    const sockets = [a, b].map((i) => {
      const ws = new WebSocket(`${i.base.replace('http', 'ws')}/api/ws`, { headers: { cookie: guide } });
      ws.on('message', (d) => events.push(JSON.parse(String(d)) as LiveEvent));
      return ws;
    });
    await Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('open', resolve))));
    const opened = await fetch(`${b.base}/api/exams/${exam.id}/attempt`, { method: 'POST', headers: { cookie } });
    expect(opened.status).toBe(200);
    await fetch(`${b.base}/api/exams/${exam.id}/attempt/answers`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ seq: 1, answers: { q1: 'left halfway' } }),
    });
    // The student leaves. One minute, the 10 s grace and a job period later, one instance has submitted it.
    const submitted = () => events.filter((e) => e.type === 'exam.submitted' && e.studentId === s.id);
    await until(() => submitted().length >= 2);
    // Two more finished runs of the job (on either instance; the first may be the one that submitted): at least
    // one whole run after the submission, which must find nothing more to do.
    const jobRuns = () => [a, b].reduce((n, i) => n + i.output.join('').split('job exam deadlines done').length - 1, 0);
    const runsBefore = jobRuns();
    await until(() => jobRuns() >= runsBefore + 2);
    // Each of the two sockets heard it once: one submission, fanned out through Redis.
    expect(submitted()).toHaveLength(2);
    const review = (await (await fetch(`${a.base}/api/exams/${exam.id}/attempt`, { method: 'POST', headers: { cookie } })).json()) as {
      status: string;
      submittedBy: string;
      answers: Record<string, string>;
    };
    expect(review).toMatchObject({ status: 'submitted', submittedBy: 'server', answers: { q1: 'left halfway' } });
    sockets.forEach((ws) => ws.close());
  }, 180_000);

  it('SIGTERM drains B: sockets close with 1012, the process exits 0, A keeps serving', async () => {
    const cookie = guide;
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/api/ws`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    // A run under way when the signal arrives is finished, not cut.
    const run = fetch(`${b.base}/api/run`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'python', code: 'import time\ntime.sleep(1.5)\nprint("finished")\n', stdin: '' }),
    });
    // The signal goes once the worker holds the run (its job active), not after a guessed pause.
    const runs = new Queue('runs', { connection: { url: redisUrl! }, prefix: queuePrefix });
    while ((await runs.getActiveCount()) === 0) await new Promise((r) => setTimeout(r, 20));
    await runs.close();
    b.child.kill('SIGTERM');
    expect(await closed).toBe(1012);
    const answered = await run;
    expect(answered.status).toBe(200);
    const result = (await answered.json()) as { available: boolean; run: { stdout: string } | null };
    expect(result, JSON.stringify(result)).toMatchObject({ available: true, run: { stdout: 'finished\n' } });
    expect(await b.exited, b.output.join('')).toBe(0);
    expect((await fetch(`${a.base}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  });

  it('killing A mid-request (kill -9) leaves a fresh instance serving the same data', async () => {
    const c = await startInstance('C', db.url);
    const inFlight = fetch(`${a.base}/api/dashboard/guide?courseId=course_python_01`, { headers: { cookie: guide } }).catch(
      (e: Error) => e,
    );
    a.child.kill('SIGKILL');
    await inFlight; // whatever A managed to answer, C must serve
    await a.exited;
    const me = await fetch(`${c.base}/api/auth/me`, { headers: { cookie: guide } });
    expect(me.status).toBe(200);
    const students = (await (await fetch(`${c.base}/api/students`, { headers: { cookie: guide } })).json()) as {
      students: { email: string }[];
    };
    expect(students.students.map((s) => s.email)).toEqual(expect.arrayContaining(['multi-live@example.com', 'multi-logout@example.com']));
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
  }, 120_000);
});
