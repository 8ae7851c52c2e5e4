import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { startFakeProvider, type FakeProvider } from '../../../test/fakes/fake-provider.js';

/** POST /api/explain through the real client libraries against a local fake provider. */
function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as { text?: string; message?: string };
      return { event, ...data };
    });
}

const KEY = 'sk-secret-key-123';

describe.each(engines)('explain API (%s)', (engine) => {
  describe.each(['openai', 'gemini'] as const)('%s provider', (kind) => {
    let t: TestApp;
    let fake: FakeProvider;
    let cookie: string;
    beforeAll(async () => {
      fake = await startFakeProvider();
      const env: Record<string, string> =
        kind === 'openai'
          ? { EXPLAIN_BASE_URL: `${fake.url}/v1`, EXPLAIN_API_KEY: KEY, EXPLAIN_MODEL: 'local' }
          : { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url };
      t = await createTestApp(engine, { ...env, EXPLAIN_PER_MINUTE: '5', EXPLAIN_TIMEOUT_SECONDS: '1' });
      const s = await t.createUser({ role: 'student' });
      cookie = await t.login(s.email, s.password);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const post = (payload: object, c = cookie) => t.app.inject({ method: 'POST', url: '/api/explain', payload, headers: { cookie: c } });
    const freshStudent = async () => {
      const s = await t.createUser({ role: 'student' });
      return t.login(s.email, s.password);
    };

    it('streams the pieces in order, then done, with no key anywhere; a repeat comes from the cache', async () => {
      const status = await t.app.inject({ method: 'GET', url: '/api/explain/status', headers: { cookie } });
      expect(status.json()).toEqual({ available: true, provider: kind === 'openai' ? 'AI' : 'Gemini' });
      const before = fake.calls;
      const res = await post({ code: 'print("hello")', language: 'python' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(events(res.body)).toEqual([
        { event: 'message', text: 'Line 1 ' },
        { event: 'message', text: 'prints ' },
        { event: 'message', text: 'hello.' },
        { event: 'done' },
      ]);
      expect(res.body + JSON.stringify(res.headers)).not.toContain(KEY);
      expect(fake.calls).toBe(before + 1);
      const again = await post({ code: 'print("hello")', language: 'python' });
      expect(events(again.body)).toEqual([{ event: 'message', text: 'Line 1 prints hello.' }, { event: 'done' }]);
      expect(fake.calls).toBe(before + 1);
    });

    it('turns a provider error and a time-out into an error event with the failure text', async () => {
      const c = await freshStudent();
      fake.mode = 'error';
      const failed = events((await post({ code: 'x = 1', language: 'python' }, c)).body);
      expect(failed).toEqual([{ event: 'error', message: "Sorry, I couldn't fetch an explanation right now. Please try again later." }]);
      fake.mode = 'hang';
      const closedBefore = fake.closedEarly;
      const slow = events((await post({ code: 'x = 2', language: 'python' }, c)).body);
      expect(slow.at(-1)?.event).toBe('error');
      await new Promise((r) => setTimeout(r, 100));
      expect(fake.closedEarly).toBeGreaterThan(closedBefore);
      fake.mode = 'ok';
    });

    it('answers 429 past the per-user limit, 400 for code over 8 KiB, 401 anonymous', async () => {
      const c = await freshStudent();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post({ code: `print(${i})`, language: 'python' }, c)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await post({ code: 'print(9)', language: 'python' }, c);
      expect(limited.json().message).toMatch(/many explanations in the last minute/);
      const big = await post({ code: 'x'.repeat(8 * 1024 + 1), language: 'python' }, await freshStudent());
      expect(big.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/api/explain', payload: { code: 'x', language: 'c' } })).statusCode).toBe(401);
    });

    it('shows guides the usage per day; students get 403', async () => {
      const g = await t.login('guide@example.com', 'guide-password-1');
      const usage = await t.app.inject({ method: 'GET', url: '/api/explain/usage', headers: { cookie: g } });
      expect(usage.json().days[0].explanations).toBeGreaterThanOrEqual(2);
      expect(usage.json().days[0].cacheHits).toBeGreaterThanOrEqual(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/explain/usage', headers: { cookie } })).statusCode).toBe(403);
    });
  });

  describe.each(['openai', 'gemini'] as const)('%s provider, a browser that goes away', (kind) => {
    it('stops the upstream call when the client closes the stream, and counts nothing', async () => {
      const fake = await startFakeProvider();
      fake.mode = 'hang';
      const env: Record<string, string> =
        kind === 'openai'
          ? { EXPLAIN_BASE_URL: `${fake.url}/v1`, EXPLAIN_API_KEY: KEY }
          : { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url };
      // The provider time-out is far away (60 s), so only the client's abort can close the upstream call.
      const t = await createTestApp(engine, { ...env, EXPLAIN_TIMEOUT_SECONDS: '60' });
      const s = await t.createUser({ role: 'student' });
      const cookie = await t.login(s.email, s.password);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const controller = new AbortController();
      const body = JSON.stringify({ code: 'while True: pass', language: 'python' });
      // A real HTTP client against the listening server (inject would wait for the whole body).
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/explain',
            method: 'POST',
            signal: controller.signal,
            headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.on('error', () => {});
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', (err) => (err.name === 'AbortError' ? undefined : reject(err)));
        req.end(body);
      });
      expect(status).toBe(200);
      await vi.waitFor(() => expect(fake.calls).toBe(1), { timeout: 10_000 });
      expect(fake.closedEarly).toBe(0);
      controller.abort();
      await vi.waitFor(() => expect(fake.closedEarly).toBe(1), { timeout: 10_000 });
      const g = await t.login('guide@example.com', 'guide-password-1');
      const usage = await t.app.inject({ method: 'GET', url: '/api/explain/usage', headers: { cookie: g } });
      expect(usage.json()).toEqual({ days: [] });
      await t.close();
      await fake.close();
    });
  });

  it('keeps usage in the database: a restarted server still shows the day', async () => {
    const fake = await startFakeProvider();
    const t = await createTestApp(engine, { EXPLAIN_BASE_URL: `${fake.url}/v1`, EXPLAIN_API_KEY: KEY });
    const s = await t.createUser({ role: 'student' });
    const c = await t.login(s.email, s.password);
    const post = (app: typeof t.app) =>
      app.inject({ method: 'POST', url: '/api/explain', payload: { code: 'int x;', language: 'c' }, headers: { cookie: c } });
    await post(t.app);
    const again = await t.restart();
    await post(again);
    await post(again);
    const g = await t.login('guide@example.com', 'guide-password-1');
    const usage = await again.inject({ method: 'GET', url: '/api/explain/usage', headers: { cookie: g } });
    const day = t.clock.now().toISOString().slice(0, 10);
    // The restarted server has an empty cache: one more call upstream, then one cache hit.
    expect(usage.json()).toEqual({ days: [{ day, explanations: 3, cacheHits: 1 }] });
    expect(fake.calls).toBe(2);
    await again.close();
    await t.close();
    await fake.close();
  });

  it('says { available: false } with no provider configured', async () => {
    const t = await createTestApp(engine);
    const s = await t.createUser({ role: 'student' });
    const c = await t.login(s.email, s.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/explain/status', headers: { cookie: c } })).json()).toEqual({
      available: false,
    });
    await t.close();
  });
});
