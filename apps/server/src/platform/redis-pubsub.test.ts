import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@learn/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { RedisPubSub, type RedisPubSubLog } from './redis-pubsub.js';

/**
 * Issue 18: live events and cache announcements across instances through a real Redis. Runs when
 * TEST_REDIS_URL is set (`.ci/run` starts the local Redis and sets it; CI=true requires it).
 */
const url = process.env.TEST_REDIS_URL;
if (process.env.CI === 'true' && !url)
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests must run in CI (see .ci/run).');

const quiet = { info: () => {}, warn: () => {} };
const until = async (check: () => boolean, what: string, ms = 10_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.runIf(url)('Redis pub/sub', () => {
  const opened: RedisPubSub[] = [];
  const open = async (log: RedisPubSubLog = quiet) => {
    const p = new RedisPubSub(url!, log);
    opened.push(p);
    await p.connect();
    return p;
  };
  afterAll(async () => {
    for (const p of opened) await p.close();
  });

  it('delivers an event to the other instance once, and to its own listeners once, at once', async () => {
    const [a, b] = [await open(), await open()];
    const gotA: LiveEvent[] = [];
    const gotB: LiveEvent[] = [];
    a.subscribe((e) => gotA.push(e));
    b.subscribe((e) => gotB.push(e));
    await a.publish({ type: 'access.changed', studentId: 's1' });
    expect(gotA).toEqual([{ type: 'access.changed', studentId: 's1' }]); // local: no round trip needed
    await until(() => gotB.length === 1, 'the event on B');
    await new Promise((r) => setTimeout(r, 100));
    expect(gotA).toHaveLength(1); // its own message coming back from Redis is ignored
    expect(gotB).toEqual([{ type: 'access.changed', studentId: 's1' }]);
    expect(a.status()).toEqual({ kind: 'redis', connected: true, dropped: 0 });
  });

  it('survives Redis dropping its connections: says so, reconnects, tells listeners to start afresh, delivers again', async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    const [a, b] = [await open(), await open(log)];
    const gotB: LiveEvent[] = [];
    b.subscribe((e) => gotB.push(e));
    const admin = new Redis(url!);
    await admin.client('KILL', 'TYPE', 'pubsub'); // every subscriber connection, B's included
    await admin.quit();
    await until(() => gotB.some((e) => e.type === 'pubsub.reconnected'), 'the reconnection');
    expect(lines.some((l) => /Redis pub\/sub unavailable/.test(l))).toBe(true);
    expect(lines.some((l) => /reconnected/.test(l))).toBe(true);
    await a.publish({ type: 'lecture.changed', lectureId: 'x' });
    await until(() => gotB.some((e) => e.type === 'lecture.changed'), 'an event after the reconnection');
  });

  it('with Redis unreachable: starts anyway, keeps local delivery, counts what it could not send', async () => {
    const p = new RedisPubSub('redis://127.0.0.1:1', quiet); // nothing listens on port 1
    opened.push(p);
    await expect(p.connect(300)).rejects.toThrow(/no connection/);
    const got: LiveEvent[] = [];
    p.subscribe((e) => got.push(e));
    await p.publish({ type: 'access.changed', studentId: 's2' });
    expect(got).toHaveLength(1);
    expect(p.status()).toMatchObject({ connected: false, dropped: 1 });
  });

  describe.each(engines)('two instances on one database (%s)', (engine) => {
    let t: TestApp;
    let a: Awaited<ReturnType<TestApp['restart']>>;
    let b: Awaited<ReturnType<TestApp['restart']>>;
    beforeAll(async () => {
      t = await createTestApp(engine);
      a = await t.restart({ pubsub: await open() });
      b = await t.restart({ pubsub: await open() });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await t.close();
    });

    it('a logout on one instance ends the session that the other had cached', async () => {
      const s = await t.createUser({ role: 'student' });
      const login = await a.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password: s.password } });
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const me = () => b.inject({ url: '/api/auth/me', headers: { cookie } });
      expect((await me()).statusCode).toBe(200); // now cached on B
      expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      const started = Date.now();
      let status = (await me()).statusCode;
      while (status === 200 && Date.now() - started < 5_000) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await me()).statusCode;
      }
      expect(status).toBe(401);
    });

    it('health reports the pub/sub as Redis and connected', async () => {
      const health = (await b.inject({ url: '/api/health' })).json();
      expect(health.pubsub).toMatchObject({ kind: 'redis', connected: true });
      const ready = await b.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ ready: true, pubsub: { kind: 'redis', connected: true } });
    });
  });
});
