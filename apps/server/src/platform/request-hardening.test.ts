import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../test/harness.js';

/** Issue 10: hooks judge the routed path, API answers are not cached, and Fastify's own errors keep the app's shape. */
describe.each(engines)('request hardening (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let student: { id: string; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    student = await t.createUser({ role: 'student' });
  });
  afterAll(() => t.close());

  const foreign = { origin: 'https://evil.example' };

  it.each([['/%61pi/students/{id}/reset-password'], ['/api/students/{id}/%72eset-password'], ['/%2561pi/students/{id}/reset-password']])(
    'a foreign Origin cannot reach a route through an encoded path: POST %s',
    async (path) => {
      const res = await t.app.inject({ method: 'POST', url: path.replace('{id}', student.id), headers: { cookie: guide, ...foreign } });
      expect(res.statusCode, res.body).not.toBe(200);
      expect(res.json().type).not.toBeUndefined();
      // The student's password is unchanged: they still sign in with it.
      await expect(t.login(student.email, student.password)).resolves.toMatch(/^learn_session=/);
    },
  );

  it('an encoded path without a session is refused, not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/students' });
    expect(res.statusCode).toBe(401);
  });

  it('answers with Cache-Control: no-store for personal data and passwords', async () => {
    const reset = await t.app.inject({ method: 'POST', url: `/api/students/${student.id}/reset-password`, headers: { cookie: guide } });
    expect(reset.statusCode).toBe(200);
    expect(reset.headers['cache-control']).toBe('no-store');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/add_student.php',
      headers: { cookie: guide },
      payload: { name: 'Cache Free', email: `cache-${engine}@example.com` },
    });
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: guide } });
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it.each([
    ['a path parameter past the router limit', { method: 'GET' as const, url: `/api/lectures/${'x'.repeat(5000)}`, headers: {} }, 414],
    [
      'an unsupported body type',
      { method: 'POST' as const, url: '/api/batches', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      415,
    ],
    [
      'invalid JSON',
      { method: 'POST' as const, url: '/api/batches', headers: { 'content-type': 'application/json' }, payload: '{"name":' },
      400,
    ],
    [
      'a body over the limit',
      {
        method: 'POST' as const,
        url: '/api/batches',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      },
      413,
    ],
  ])("Fastify's own error for %s keeps the app's error model and headers", async (_case, req, status) => {
    const res = await t.app.inject({ ...req, headers: { ...(req.headers ?? {}), cookie: guide } });
    expect(res.statusCode).toBe(status);
    const body = res.json() as { type: string; message: string };
    expect(typeof body.type).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('encoded WebSocket paths (sqlite)', () => {
  let t: TestApp;
  let cookie: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const s = await t.createUser({ role: 'student' });
    cookie = await t.login(s.email, s.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  it.each(['/api/%77s', '/%61pi/ws', '/api/run/%77s'])('a foreign Origin cannot open %s', async (path) => {
    const ws = new WebSocket(base + path, { headers: { cookie, origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(0));
    });
    ws.terminate();
    expect(status).not.toBe(101);
  });

  /** The status a handshake on `path` is answered with (101: it became a WebSocket), and whether its connection then closed. */
  async function handshake(path: string) {
    const ws = new WebSocket(base + path, { headers: { cookie } });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      });
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(0));
    });
    ws.terminate();
    return status;
  }

  it.each(['/api/%77s', '/%61pi/ws', '/api/run/%77s', '/api/ws?from=test'])(
    'the same origin opens %s (the socket routes, as the router decodes them)',
    async (path) => {
      expect(await handshake(path)).toBe(101);
    },
  );

  it.each(['/api/lectures/python-day-1', '/api/health/live', '/api/ws/more', '/nowhere', '/api/%zz', '/'])(
    'a handshake on %s, not a socket route, is answered 404 and its connection closed',
    async (path) => {
      expect(await handshake(path)).toBe(404);
      // Raw: the answer, then the end of the connection (the server does not keep it).
      const { connect } = await import('node:net');
      const socket = connect((t.app.server.address() as { port: number }).port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
      await new Promise((resolve) => socket.on('close', resolve));
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    },
  );
});

describe.each(engines)('a socket ends with its session (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  async function openSocket(path: string, cookie: string) {
    const ws = new WebSocket(base + path, { headers: { cookie } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    return { ws, closed };
  }
  const within = <T>(p: Promise<T>, ms = 5000) =>
    Promise.race([p, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

  it('logout closes the live and run sockets of that session, not those of another session', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const other = await t.login(s.email, s.password);
    const live = await openSocket('/api/ws', cookie);
    const run = await openSocket('/api/run/ws', cookie);
    const otherLive = await openSocket('/api/ws', other);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(await within(live.closed)).toBe(4401);
    expect(await within(run.closed)).toBe(4401);
    expect(await within(otherLive.closed, 300)).toBe('still open');
    otherLive.ws.close();
  });

  it.each([
    ['a guide resets the password', (id: string) => ({ method: 'POST' as const, url: `/api/students/${id}/reset-password` })],
    ['a guide removes the student', (id: string) => ({ method: 'DELETE' as const, url: `/api/students/${id}` })],
  ])('%s: every socket of the student closes', async (_case, request) => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const live = await openSocket('/api/ws', cookie);
    const res = await t.app.inject({ ...request(s.id), headers: { cookie: guide } });
    expect(res.statusCode).toBeLessThan(300);
    expect(await within(live.closed)).toBe(4401);
  });

  it('an event is not sent on a session that expired without a signal', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    const live = await openSocket('/api/ws', cookie);
    const received: string[] = [];
    live.ws.on('message', (data) => received.push(String(data)));
    await new Promise((r) => setTimeout(r, 100));
    t.clock.advance(t.deps.config.session.maxMs + 60_000);
    await t.deps.pubsub.publish({ type: 'access.changed', studentId: s.id });
    expect(await within(live.closed)).toBe(4401);
    expect(received.filter((m) => m.includes('access.changed'))).toEqual([]);
  });
});
