import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Login throttling, kept in the database so every server instance sees the same counts.
 * An account may fail 5 times and an address 20 times in 15 minutes; the failure that reaches the limit,
 * and each one after it, blocks the key for a doubling time (30 s, 60 s, ... at most 15 minutes), answered 429 with Retry-After.
 * A success clears the account's count, so the real user is never locked out for long.
 */
export const throttleRules = {
  account: { free: 5, windowMs: 15 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 },
  address: { free: 20, windowMs: 15 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 },
} as const;

type Kind = keyof typeof throttleRules;

function key(kind: Kind, value: string) {
  return `${kind}:${value}`;
}

/** Seconds until the key may try again, or 0. */
export async function secondsBlocked(db: Kysely<Database>, kind: Kind, value: string, now: Date): Promise<number> {
  const row = await db.selectFrom('login_throttle').select('blocked_until').where('key', '=', key(kind, value)).executeTakeFirst();
  if (!row?.blocked_until) return 0;
  const ms = Date.parse(row.blocked_until) - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

export async function recordFailure(db: Kysely<Database>, kind: Kind, value: string, now: Date): Promise<void> {
  const rule = throttleRules[kind];
  const k = key(kind, value);
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', k).executeTakeFirst();
    const fresh = !row || now.getTime() - Date.parse(row.window_started_at) > rule.windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    const over = failures - rule.free;
    const blocked_until =
      over >= 0 ? new Date(now.getTime() + Math.min(rule.maxBlockMs, rule.baseBlockMs * 2 ** over)).toISOString() : null;
    const window_started_at = fresh ? now.toISOString() : row.window_started_at;
    if (row) await trx.updateTable('login_throttle').set({ failures, window_started_at, blocked_until }).where('key', '=', k).execute();
    else await trx.insertInto('login_throttle').values({ key: k, failures, window_started_at, blocked_until }).execute();
  });
}

export async function clearFailures(db: Kysely<Database>, kind: Kind, value: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key(kind, value)).execute();
}
