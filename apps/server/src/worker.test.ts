import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import type { RunServerMessage } from '@learn/shared';
import { createTestApp, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../test/harness.js';
import { grant } from '../test/factories.js';
import { NO_WORKER_REASON } from './modules/runner/queued/figures.js';
import { startWorker } from '../test/workers.js';
import { runTaskTests } from './modules/homework/grading.js';
import { assignmentFor } from './modules/homework/repository.js';

/**
 * Issue 29: with REDIS_URL every run is a job done by runner workers. An API (this process) and two worker
 * processes (`src/worker.ts`, as `npm run worker` starts them) on the local Redis, under a prefix of their
 * own so that other tests on the same Redis do not see these jobs.
 */
const url = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !url)
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests must run in CI (see .ci/run).');

const TOKEN = 'metrics-token-for-the-worker-test';

describe.runIf(url)('runs and grading through two runner workers', () => {
  const prefix = `test:runs:${randomUUID()}`;
  const env = {
    REDIS_URL: url!,
    RUNNER_QUEUE_PREFIX: prefix,
    RUNNER_WORKER_LOCK_SECONDS: '2',
    RUNNER_CONCURRENCY: '2',
    LOG_LEVEL: 'silent',
  };
  let t: TestApp;
  let workers: (ChildProcess & { output: string[] })[] = [];
  const students: string[] = [];

  beforeAll(async () => {
    workers = await Promise.all([startWorker(env), startWorker(env)]);
    t = await createTestApp('sqlite', {
      REDIS_URL: url!,
      RUNNER_QUEUE_PREFIX: prefix,
      RUNNER_RUNS_PER_MINUTE: '100',
      METRICS_TOKEN: TOKEN,
    });
    await t.services.runner.queued!.ready();
    for (let i = 0; i < 7; i++) {
      const s = await t.createUser({ role: 'student' });
      students.push(await t.login(s.email, s.password));
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    workers.forEach((w) => w.exitCode === null && w.kill('SIGKILL'));
    await t?.close();
    const r = new Redis(url!);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  });

  const post = (payload: object, cookie = students[0]!) => t.app.inject({ method: 'POST', url: '/api/run', payload, headers: { cookie } });

  it('runs scratchpad code on a worker, and /api/health shows the queue and both workers', async () => {
    const res = await post({
      language: 'c',
      code: '#include <stdio.h>\nint main(void){ int n; scanf("%d", &n); printf("hello %d\\n", n); }',
      stdin: '41',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().run).toMatchObject({ stdout: 'hello 41\n', exitCode: 0 });
    const health = (await t.app.inject({ url: '/api/health' })).json();
    expect(health.runner.queue).toMatchObject({ kind: 'redis', connected: true });
    expect(health.runner.queue.workers).toHaveLength(2);
    // Whether code runs is the workers' word (their sandboxes), published in their heartbeats.
    expect(health.runner.queue.workers.map((w: { available: boolean }) => w.available)).toEqual([true, true]);
    expect(health.runner).toMatchObject({ available: true, reason: null });
    expect((await t.app.inject({ url: '/api/run/status', headers: { cookie: students[0]! } })).json()).toEqual({
      available: true,
      reason: null,
    });
    expect(health.runner.queue.waitMs.samples).toBeGreaterThan(0);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/learn_run_queue_jobs\{state="waiting"\} 0/);
    expect(metrics.body).toMatch(/learn_run_queue_wait_seconds\{quantile="0.5"\} [\d.]+/);
    expect(metrics.body.match(/learn_run_worker_runs_per_second\{worker="[^"]+"\}/g)).toHaveLength(2);
  });

  it('answers an interactive program typed input through a worker, in order', async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/run/ws`, { headers: { cookie: students[1]! } });
    const messages: RunServerMessage[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d)) as RunServerMessage));
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 20));
    };
    const text = () => messages.map((m) => (m.type === 'stdout' ? m.data : '')).join('');
    ws.send(JSON.stringify({ type: 'start', language: 'python', code: 'a = input("A? ")\nb = input("B? ")\nprint(int(a) + int(b))\n' }));
    await until(() => text().includes('A? '));
    ws.send(JSON.stringify({ type: 'stdin', data: '20\n' }));
    await until(() => text().includes('B? '));
    ws.send(JSON.stringify({ type: 'stdin', data: '22\n' }));
    await until(() => messages.some((m) => m.type === 'exit'));
    expect(text()).toBe('A? B? 42\n');
    expect(messages.filter((m) => m.type !== 'stdout' && m.type !== 'queued').map((m) => m.type)).toEqual(['compiled', 'started', 'exit']);
    ws.close();
  });

  it('grades homework and exam answers on the workers', async () => {
    const task = {
      type: 'homework' as const,
      content: 'Add two numbers.',
      tests: [
        { stdin: '1 2', expectedOutput: '3' },
        { stdin: '5 5', expectedOutput: '10' },
      ],
    };
    const good = 'a, b = map(int, input().split())\nprint(a + b)\n';
    const [exam, homework, wrong] = await Promise.all([
      runTaskTests(t.services.runner, task, 'python', good, 'exam'),
      runTaskTests(t.services.runner, task, 'python', good, 'homework'),
      runTaskTests(t.services.runner, task, 'python', 'print(3)\n', 'homework'),
    ]);
    expect(exam).toMatchObject({ compileOk: true, passed: 2 });
    expect(homework.passed).toBe(2);
    expect(wrong.tests.map((o) => o.passed)).toEqual([true, false]);
  });

  it('a worker killed (-9) mid-run has its runs done by the other, each once', async () => {
    const runs = [2, 3, 4, 5, 6].map((i) =>
      post({ language: 'python', code: `import time\ntime.sleep(1.5)\nprint("run ${i}")\n`, stdin: '' }, students[i]!),
    );
    // Both workers hold runs (2 each, one waits), then one dies without a word.
    const r = new Redis(url!);
    const busy = async () => Object.values(await r.hgetall(`${prefix}:workers`)).map((w) => (JSON.parse(w) as { active: number }).active);
    while (!(await busy()).every((a) => a > 0)) await new Promise((res) => setTimeout(res, 50));
    workers[0]!.kill('SIGKILL');
    const results = await Promise.all(runs);
    expect(results.map((res) => res.json().run?.stdout)).toEqual(['run 2\n', 'run 3\n', 'run 4\n', 'run 5\n', 'run 6\n']);
    // Nothing left waiting or held, and nothing failed.
    const counts = await t.services.runner.queued!.stats();
    expect(counts).toMatchObject({ waiting: 0, active: 0 });
    r.disconnect();
  }, 60_000);

  it('a worker told SIGTERM finishes the run it holds, then leaves the figures and exits', async () => {
    const survivor = workers[1]!;
    const run = post({ language: 'python', code: 'import time\ntime.sleep(1)\nprint("finished")\n', stdin: '' }, students[6]!);
    const r = new Redis(url!);
    // This worker's own figures (the one killed above left its last ones behind).
    const id = /Runner worker (\S+) ready/.exec(survivor.output.join(''))![1]!;
    const mine = async () => (JSON.parse((await r.hget(`${prefix}:workers`, id))!) as { active: number }).active > 0;
    while (!(await mine())) await new Promise((res) => setTimeout(res, 50));
    const exited = new Promise<number | null>((resolve) => survivor.once('exit', resolve));
    survivor.kill('SIGTERM');
    expect((await run).json().run).toMatchObject({ stdout: 'finished\n', exitCode: 0 });
    expect(await exited).toBe(0);
    expect(survivor.output.join('')).toContain('draining');
    r.disconnect();
  }, 30_000);
});

describe.runIf(url)('the run queue with no runner worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { REDIS_URL: url!, RUNNER_QUEUE_PREFIX: `test:runs:${randomUUID()}` });
  });
  afterAll(() => t?.close());

  it('answers at once, with Retry-After and a plain sentence, instead of queueing runs nobody will do', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/run',
      payload: { language: 'python', code: 'print(1)' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(res.json().message).toBe('No code runner is connected right now. Try again in a minute; if it lasts, tell your guide.');
    expect((await t.app.inject({ url: '/api/health' })).json().runner.queue).toMatchObject({ connected: true, workers: [] });
  });

  it("says so before the first Run and on a homework check, whatever this machine's own sandbox could do", async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    await grant(t, guide, s.id, ['c-cpp-day-3'], ['assignment']);
    const taskIndex = (await assignmentFor(t.deps.db, 'c-cpp-day-3'))!.tasks.findIndex((x) => x.type === 'homework' && x.tests?.length);
    // This machine has bubblewrap and the compilers; with REDIS_URL only the workers' sandboxes count.
    expect((await t.services.runner.runner.status()).available).toBe(true);
    const status = await t.app.inject({ url: '/api/run/status', headers: { cookie } });
    expect(status.json()).toEqual({ available: false, reason: NO_WORKER_REASON });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/homework/check',
      headers: { cookie },
      payload: { lectureId: 'c-cpp-day-3', taskIndex, code: 'int main(void){return 0;}' },
    });
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe(`Code running is unavailable: ${NO_WORKER_REASON}`);
    const health = (await t.app.inject({ url: '/api/health' })).json();
    expect(health.runner).toMatchObject({ available: false, reason: NO_WORKER_REASON });
  });
});
