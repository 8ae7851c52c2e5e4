import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/executor.js';

export interface ThrottleRule {
  /** Attempts in a window before the one that sets a block. */
  free: number;
  windowMs: number;
  baseBlockMs: number;
  maxBlockMs: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one sign-in attempt on a key before its password is hashed (reserve; a success clears it later).
 * Atomic on both engines: the upsert holds the row (PostgreSQL row lock; SQLite has one writer) until the
 * transaction ends, so 100 concurrent attempts are counted one after another and only the allowed ones hash.
 * The attempt that reaches the limit sets the block at once (30 s, doubling, capped) and may still be
 * checked; attempts during a block are refused without counting.
 */
export async function reserveAttempt(db: Kysely<Database>, key: string, rule: ThrottleRule, now: Date): Promise<Reservation> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ failures: number }>`
      insert into login_throttle (key, failures, window_started_at, blocked_until) values (${key}, 1, ${at}, null)
      on conflict (key) do update set
        failures = case when login_throttle.window_started_at < ${cutoff} then 1 else login_throttle.failures + 1 end,
        window_started_at = case when login_throttle.window_started_at < ${cutoff} then ${at} else login_throttle.window_started_at end
      where login_throttle.blocked_until is null or login_throttle.blocked_until <= ${at}
      returning failures`.execute(trx);
    const failures = counted.rows[0]?.failures;
    if (failures === undefined) {
      const row = await trx.selectFrom('login_throttle').select('blocked_until').where('key', '=', key).executeTakeFirst();
      const ms = row?.blocked_until ? Date.parse(row.blocked_until) - now.getTime() : 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
    }
    const over = Number(failures) - rule.free;
    if (over >= 0) {
      const until = new Date(now.getTime() + Math.min(rule.maxBlockMs, rule.baseBlockMs * 2 ** over)).toISOString();
      await trx.updateTable('login_throttle').set({ blocked_until: until }).where('key', '=', key).execute();
    }
    return { allowed: true };
  });
}

/** A successful sign-in clears these keys' counts and blocks. */
export async function clearKeys(db: Executor, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/**
 * Takes back the count a sign-in's reservation put on a key once the password proved right, so only
 * failures stay counted. Attempts are refused without counting while a key is blocked, so a block with
 * the count back under the limit was set by this (successful) attempt or by one counted with it, and goes.
 */
export async function uncountSuccess(db: Executor, key: string, rule: ThrottleRule): Promise<void> {
  await sql`
    update login_throttle set
      failures = case when failures > 0 then failures - 1 else 0 end,
      blocked_until = case when failures - 1 < ${rule.free} then null else blocked_until end
    where key = ${key}`.execute(db);
}
