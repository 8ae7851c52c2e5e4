import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Where a rate limit counts: this process's memory, or Redis when several instances share the limit. */
export interface RateStore {
  /** Records a hit on `key` at `now` unless `limit` hits lie within the last `windowMs`; else ms to wait. */
  hit(key: string, now: number, limit: number, windowMs: number): Promise<number | null>;
}

/** A sliding window per key in this process (one instance, or Redis away). */
export class MemoryRateStore implements RateStore {
  private readonly seen = new Map<string, number[]>();

  async hit(key: string, now: number, limit: number, windowMs: number): Promise<number | null> {
    const recent = (this.seen.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= limit) {
      this.seen.set(key, recent);
      return recent[0]! + windowMs - now;
    }
    recent.push(now);
    this.seen.set(key, recent);
    if (this.seen.size > 10_000) for (const [k, times] of this.seen) if (!times.some((at) => at > now - windowMs)) this.seen.delete(k);
    return null;
  }
}

// One sorted set per key, scored by time: drop what left the window, count, add when under the limit.
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[3])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + ARGV[3] - ARGV[1]
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return -1`;

/**
 * The same sliding window in Redis, so a limit holds across instances (a student cannot multiply it by the
 * number of servers). If Redis does not answer, the hit is counted in this process instead: the limit
 * still holds per instance, never fails open.
 */
export class RedisRateStore implements RateStore {
  private readonly fallback = new MemoryRateStore();
  private seq = 0;
  /** Members must be unique across instances (containers all have pid 1). */
  private readonly instance = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: Error) => void = () => {},
    /** Every key is `<prefix>:rate:<key>` (REDIS_PREFIX: deployments sharing a Redis count apart). */
    private readonly prefix = 'learn',
  ) {}

  async hit(key: string, now: number, limit: number, windowMs: number): Promise<number | null> {
    try {
      const member = `${now}-${this.instance}-${++this.seq}`;
      const r = Number(await this.redis.eval(SLIDING_WINDOW, 1, `${this.prefix}:rate:${key}`, now, limit, windowMs, member));
      return r < 0 ? null : Math.max(r, 1);
    } catch (err) {
      this.onError(err as Error);
      return this.fallback.hit(key, now, limit, windowMs);
    }
  }
}

/** A per-user limit: `limit` actions per minute (by the server's clock), counted in the store given. */
export class RateLimit {
  constructor(
    private readonly name: string,
    private readonly perMinute: number,
    private readonly store: RateStore = new MemoryRateStore(),
  ) {}

  /** Records an action, or returns the whole seconds to wait when the user is over the limit. */
  async check(userId: string, now: Date): Promise<number | null> {
    const ms = await this.store.hit(`${this.name}:${userId}`, now.getTime(), this.perMinute, 60_000);
    return ms === null ? null : Math.max(1, Math.ceil(ms / 1000));
  }
}
