import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { MemoryRateStore, RateLimit, RedisRateStore } from './rate-limit.js';

describe('RateLimit in memory', () => {
  it('allows the limit per minute, then says how long to wait, and frees a slot as the window slides', async () => {
    const limit = new RateLimit('t', 3, new MemoryRateStore());
    const t0 = new Date('2026-01-05T09:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect([await limit.check('u', at(0)), await limit.check('u', at(10)), await limit.check('u', at(20))]).toEqual([null, null, null]);
    expect(await limit.check('u', at(30))).toBe(30);
    expect(await limit.check('other', at(30))).toBeNull();
    expect(await limit.check('u', at(60))).toBeNull(); // the first one left the window
  });
});

/** Issue 18: a limit holds across instances (each with its own Redis connection). Needs TEST_REDIS_URL. */
const url = process.env.TEST_REDIS_URL;
describe.runIf(url)('RateLimit in Redis', () => {
  const connections: Redis[] = [];
  const connect = () => {
    const r = new Redis(url!, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    connections.push(r);
    return r;
  };
  afterAll(() => connections.forEach((c) => c.disconnect()));

  it('counts the hits of two instances together', async () => {
    const name = `test-${randomBytes(4).toString('hex')}`;
    const a = new RateLimit(name, 3, new RedisRateStore(connect()));
    const b = new RateLimit(name, 3, new RedisRateStore(connect()));
    await new Promise((r) => setTimeout(r, 200));
    const now = new Date();
    expect([await a.check('u', now), await b.check('u', now), await a.check('u', now)]).toEqual([null, null, null]);
    expect(await b.check('u', now)).toBe(60);
    expect(await a.check('u', new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('with Redis unreachable, still limits in this process (never open)', async () => {
    const errors: string[] = [];
    const dead = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    dead.on('error', () => {});
    connections.push(dead);
    const limit = new RateLimit('dead', 2, new RedisRateStore(dead, (e) => errors.push(e.message)));
    const now = new Date();
    expect([await limit.check('u', now), await limit.check('u', now), await limit.check('u', now)]).toEqual([null, null, 60]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
