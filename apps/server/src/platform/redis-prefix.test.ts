import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@learn/shared';
import { RedisPubSub } from './redis-pubsub.js';
import { RateLimit, RedisRateStore } from './rate-limit.js';
import { defaultRedisPrefix, loadConfig } from '../config.js';

/**
 * Issue 31: two deployments sharing one Redis (even on different database numbers: pub/sub ignores them)
 * stay apart, because every channel and key carries the deployment's prefix. Needs TEST_REDIS_URL.
 */
const url = process.env.TEST_REDIS_URL;
const quiet = { info: () => {}, warn: () => {} };

describe('the Redis prefix', () => {
  it('defaults to the database name, or to the SQLite data folder; REDIS_PREFIX wins', () => {
    expect(defaultRedisPrefix('postgres://u:p@db.school:5433/learn_a', '/x')).toBe('learn:learn_a');
    // Instances reaching the same database by different host names share the prefix.
    expect(defaultRedisPrefix('postgres://u@10.0.0.5/learn_a', '/x')).toBe('learn:learn_a');
    expect(defaultRedisPrefix('postgres://u@db/learn_b', '/x')).toBe('learn:learn_b');
    const a = defaultRedisPrefix(undefined, '/srv/a/data');
    expect(a).toMatch(/^learn:sqlite-[0-9a-f]{12}$/);
    expect(defaultRedisPrefix(undefined, '/srv/b/data')).not.toBe(a);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/one' }).redisPrefix).toBe('learn:one');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/one', REDIS_PREFIX: 'school-a' }).redisPrefix).toBe('school-a');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });
});

describe.runIf(url)('two prefixes on one Redis', () => {
  const opened: RedisPubSub[] = [];
  const connections: Redis[] = [];
  afterAll(async () => {
    for (const p of opened) await p.close();
    connections.forEach((c) => c.disconnect());
  });
  const tag = randomBytes(4).toString('hex');
  const [prefixA, prefixB] = [`test-a-${tag}`, `test-b-${tag}`];

  it('no live event crosses between deployments, even when they name different database numbers', async () => {
    const open = async (prefix: string, db: number) => {
      const u = new URL(url!);
      u.pathname = `/${db}`;
      const p = new RedisPubSub(u.toString(), quiet, prefix);
      opened.push(p);
      await p.connect();
      return p;
    };
    const a1 = await open(prefixA, 0);
    const a2 = await open(prefixA, 0);
    const b1 = await open(prefixB, 9);
    const got = { a2: [] as LiveEvent[], b1: [] as LiveEvent[], a1: [] as LiveEvent[] };
    a2.subscribe((e) => got.a2.push(e));
    b1.subscribe((e) => got.b1.push(e));
    a1.subscribe((e) => got.a1.push(e));
    await a1.publish({ type: 'access.changed', studentId: 'from-a' });
    await b1.publish({ type: 'access.changed', studentId: 'from-b' });
    // A's second instance hears A (so the channel works); then a marker published last by A proves B's event
    // had its chance to arrive (Redis delivers one connection's messages in order).
    const until = async (check: () => boolean) => {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > 10_000) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await b1.publish({ type: 'lecture.changed', lectureId: 'marker-b' });
    await until(() => got.a2.length >= 1);
    await a1.publish({ type: 'lecture.changed', lectureId: 'marker-a' });
    await until(() => got.a2.some((e) => e.type === 'lecture.changed'));
    expect(got.a2).toEqual([
      { type: 'access.changed', studentId: 'from-a' },
      { type: 'lecture.changed', lectureId: 'marker-a' },
    ]);
    expect(got.a1.map((e) => JSON.stringify(e)).join()).not.toContain('from-b');
    expect(got.b1.map((e) => JSON.stringify(e)).join()).not.toContain('from-a');
    expect(a1.channel).toBe(`${prefixA}:live`);
  });

  it('rate-limit counters are kept apart under each prefix', async () => {
    const connect = () => {
      const r = new Redis(url!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      connections.push(r);
      return r;
    };
    const a = new RateLimit('runs', 1, new RedisRateStore(connect(), () => {}, prefixA));
    const b = new RateLimit('runs', 1, new RedisRateStore(connect(), () => {}, prefixB));
    await new Promise((r) => setTimeout(r, 200));
    const now = new Date();
    expect(await a.check('same-user', now)).toBeNull();
    expect(await b.check('same-user', now)).toBeNull(); // B's own counter: A's hit does not count here
    expect(await a.check('same-user', now)).toBe(60);
    const keys = await connections[0]!.keys(`test-?-${tag}:*`);
    expect(keys.sort()).toEqual([`${prefixA}:rate:runs:same-user`, `${prefixB}:rate:runs:same-user`]);
  });
});
