import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';

/** POST /api/run against the real sandbox: results, validation, the queue, the rate limit, no sandbox. */
const C_HELLO = '#include <stdio.h>\nint main(void){ int n; if (scanf("%d", &n) != 1) n = 0; printf("hello %d\\n", n); return 0; }';

describe.each(engines)('code runner API (%s)', (engine) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { RUNNER_RUNS_PER_MINUTE: '6', RUNNER_CONCURRENCY: '1', RUNNER_QUEUE_LENGTH: '0' });
    const s = await t.createUser({ role: 'student' });
    cookie = await t.login(s.email, s.password);
  });
  afterAll(() => t.close());

  const post = (payload: object, c = cookie) => t.app.inject({ method: 'POST', url: '/api/run', payload, headers: { cookie: c } });

  it('compiles and runs C with the given stdin', async () => {
    const res = await post({ language: 'c', code: C_HELLO, stdin: '41' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ available: true, language: 'c', compile: { ok: true, diagnostics: [] } });
    expect(body.run).toMatchObject({ stdout: 'hello 41\n', exitCode: 0, signal: null, limit: null, truncated: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a compile error with diagnostics and no run', async () => {
    const res = await post({ language: 'cpp', code: 'int main() {\n  return x;\n}\n' });
    expect(res.json()).toMatchObject({ compile: { ok: false }, run: null });
    expect(res.json().compile.diagnostics[0]).toMatchObject({ line: 2, column: 10, severity: 'error' });
  });

  it('refuses code over 64 KiB, empty code and an unknown language with 400', async () => {
    const big = await post({ language: 'python', code: `# ${'x'.repeat(64 * 1024)}` });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Code is longer than 64 KiB.');
    expect((await post({ language: 'python', code: '  ' })).statusCode).toBe(400);
    expect((await post({ language: 'rust', code: 'fn main(){}' })).statusCode).toBe(400);
  });

  it('answers 429 with Retry-After when the queue is full', async () => {
    const other = await t.createUser({ role: 'student' });
    const otherCookie = await t.login(other.email, other.password);
    const slow = post({ language: 'python', code: 'import time\ntime.sleep(1.5)\nprint("slow done")' }, otherCookie);
    await new Promise((r) => setTimeout(r, 300));
    const busy = await post({ language: 'python', code: 'print(1)' });
    expect(busy.statusCode).toBe(429);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(busy.json().message).toMatch(/busy/);
    expect((await slow).json().run.stdout).toBe('slow done\n');
  });

  it('answers 429 with a clear message past the per-user rate limit', async () => {
    const s = await t.createUser({ role: 'student' });
    const c = await t.login(s.email, s.password);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post({ language: 'python', code: 'print(1)' }, c)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const res = await post({ language: 'python', code: 'print(1)' }, c);
    expect(res.json().message).toMatch(/^You have run code a lot in the last minute\. Wait \d+ s and run again\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await post({ language: 'python', code: 'print(1)' }, c)).statusCode).toBe(200);
  });

  it('shows the runner in /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json().runner).toMatchObject({ available: true, reason: null, concurrency: 1, running: 0, queued: 0 });
    expect(res.json().runner.versions.gcc).toMatch(/^\d+\.\d+/);
    expect(res.json().runner.versions.python).toMatch(/^3\./);
    // This machine (and CI) accounts each run in a cgroup, with the seccomp filter.
    expect(res.json().runner.isolation).toMatchObject({ cgroup: expect.stringMatching(/^v[12]$/), seccomp: true, warning: null });
  });
});

describe('without per-run cgroups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { RUNNER_CGROUP: 'off' });
  });
  afterAll(() => t.close());

  it('says so in /api/health and still runs code under the per-process limits', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json().runner.isolation).toMatchObject({
      cgroup: null,
      warning: expect.stringMatching(/limited per process only.*switched off/),
    });
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/run',
      payload: { language: 'c', code: C_HELLO, stdin: '2' },
      headers: { cookie },
    });
    expect(res.json().run).toMatchObject({ stdout: 'hello 2\n', exitCode: 0 });
    expect(res.json().run.usage).toBeUndefined();
  });
});

describe('without bubblewrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { RUNNER_BWRAP_PATH: '/nonexistent/bwrap' });
  });
  afterAll(() => t.close());

  it('serves everything else and says why code running is unavailable', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/run', payload: { language: 'c', code: C_HELLO }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: false, reason: expect.stringContaining('bubblewrap was not found at /nonexistent/bwrap') });
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().runner).toMatchObject({ available: false, reason: expect.stringContaining('bubblewrap') });
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });
});
