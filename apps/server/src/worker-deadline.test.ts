import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../test/harness.js';
import { startWorker } from '../test/workers.js';
import { BUSY_MESSAGE } from './modules/runner/queued/relay.js';
import { DomainError } from './platform/errors.js';

/**
 * Issue 29, "jobs have a deadline": one runner worker whose one slot is held by a program that sleeps. Runs
 * past the queue's bound are refused at once, and runs no worker takes by their deadline are dropped then:
 * both answer 429 with Retry-After, and nothing is left waiting once the student who held the slot leaves.
 */
const url = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !url)
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests must run in CI (see .ci/run).');

describe.runIf(url)('the run queue with its one worker busy', () => {
  const prefix = `test:runs:${randomUUID()}`;
  let t: TestApp;
  let worker: ChildProcess;
  let base: string;
  const cookies: string[] = [];

  beforeAll(async () => {
    worker = await startWorker({
      REDIS_URL: url!,
      RUNNER_QUEUE_PREFIX: prefix,
      RUNNER_CONCURRENCY: '1',
      RUNNER_WALL_SECONDS: '60',
      LOG_LEVEL: 'silent',
    });
    t = await createTestApp('sqlite', {
      REDIS_URL: url!,
      RUNNER_QUEUE_PREFIX: prefix,
      RUNNER_QUEUE_LENGTH: '2',
      // Long enough for the refusals below to meet the two runs still waiting, even on a busy machine.
      RUNNER_QUEUE_DEADLINE_SECONDS: '8',
      RUNNER_WALL_SECONDS: '60',
    });
    await t.services.runner.queued!.ready();
    for (let i = 0; i < 5; i++) {
      const s = await t.createUser({ role: 'student' });
      cookies.push(await t.login(s.email, s.password));
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  }, 60_000);
  afterAll(async () => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    // This process's fetch may keep a connection that has sent no request open after an aborted one; the
    // server would count it as busy until its headers timeout (a minute).
    t?.app.server.closeAllConnections();
    await t?.close();
    const r = new Redis(url!);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  });

  const run = (cookie: string, code: string, signal?: AbortSignal) =>
    fetch(`${base}/api/run`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'python', code, stdin: '' }),
      signal,
    });
  const poll = async (check: () => Promise<boolean>) => {
    while (!(await check())) await new Promise((r) => setTimeout(r, 50));
  };
  const stats = () => t.services.runner.queued!.stats();

  it('answers 429 with Retry-After past the bound and past the deadline; nothing grows, nothing is left', async () => {
    // The worker's one slot: a program that sleeps until its student leaves.
    const leave = new AbortController();
    const holder = run(cookies[0]!, 'import time\ntime.sleep(55)\n', leave.signal).catch((err: Error) => err);
    await poll(async () => (await stats()).active === 1);

    // Two runs may wait (RUNNER_QUEUE_LENGTH 2 per worker slot)...
    const waiting = [run(cookies[1]!, 'print(1)\n'), run(cookies[2]!, 'print(2)\n')];
    await poll(async () => (await stats()).waiting === 2);
    // ...the next ones are refused at once: the queue does not grow past its bound.
    for (const cookie of cookies.slice(3)) {
      const refused = await run(cookie, 'print(3)\n');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { message: string }).message).toBe(BUSY_MESSAGE);
    }

    // The two that waited: no worker took them by their deadline, so they are dropped and answered so.
    for (const res of await Promise.all(waiting)) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(await stats()).toMatchObject({ waiting: 0, active: 1 });

    // The student holding the slot leaves: the worker stops the program, and the queue is empty.
    leave.abort();
    expect(await holder).toBeInstanceOf(Error);
    await poll(async () => (await stats()).active === 0);
    expect(await stats()).toMatchObject({ waiting: 0, active: 0 });
    // The worker is free again: the next run is done.
    const after = await run(cookies[1]!, 'print("free")\n');
    expect(after.status).toBe(200);
    expect(((await after.json()) as { run: { stdout: string } }).run.stdout).toBe('free\n');
  }, 120_000);

  it("a student's check waits no longer than a run (429 past the deadline); grading waits its turn", async () => {
    const leave = new AbortController();
    const holder = run(cookies[0]!, 'import time\ntime.sleep(55)\n', leave.signal).catch((err: Error) => err);
    await poll(async () => (await stats()).active === 1);
    const task = { type: 'homework' as const, content: 'Print twice the number read.', tests: [{ stdin: '21', expectedOutput: '42\n' }] };
    const queued = t.services.runner.queued!;
    // A submission's grading, and a student's check of another answer (someone waits at the page).
    const grading = queued.grade('homework', task, 'python', 'print(int(input()) * 2)\n');
    const check = await queued.grade('exam', task, 'python', '# checked\nprint(int(input()) * 2)\n', true).catch((err: unknown) => err);
    expect(check).toBeInstanceOf(DomainError);
    expect(check).toMatchObject({ status: 429, message: BUSY_MESSAGE });
    expect(Number((check as DomainError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    // The check is gone from the queue; the grading still waits, and is done once the slot is free.
    expect(await stats()).toMatchObject({ waiting: 1, active: 1 });
    leave.abort();
    expect(await holder).toBeInstanceOf(Error);
    expect((await grading).passed).toBe(1);
  }, 120_000);
});
