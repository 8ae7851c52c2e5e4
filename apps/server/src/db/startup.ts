import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './database.js';
import { seed, type SeedResult } from './seed.js';
import type { AppDeps } from '../platform/deps.js';

/** The advisory lock every instance takes to migrate and seed (any fixed 64-bit number; "learn" in ASCII). */
export const STARTUP_LOCK = 0x6c6561726e01n;

/**
 * Runs `work` while holding the database's start-up lock, so instances started at once migrate and seed one
 * after the other (the second finds everything done, and the guide created once). PostgreSQL: an advisory
 * lock held on one connection of the pool for the duration. SQLite: one file, one process writes at a time
 * already (busy timeout), and a second instance on one file is not supported.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.engine !== 'postgres') return work();
  return handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK.toString()}::bigint)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK.toString()}::bigint)`.execute(conn);
    }
  });
}

/** Migrations, then the first-start data, under the start-up lock. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'hasher'>,
): Promise<SeedResult> {
  return withStartupLock(handle, async () => {
    await migrateToLatest(handle);
    return seed(deps);
  });
}

/** Why the database could not be reached, in one line (pg's AggregateError has an empty message). */
export function reason(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: { message?: string }[]; cause?: unknown };
  if (e?.message) return e.message;
  if (e?.errors?.length) return e.errors.map((x) => x.message).join('; ');
  if (e?.code) return e.code;
  if (e?.cause) return reason(e.cause);
  return String(err);
}

/** Where the database is, for a message: never the password. */
export function describeDatabase(config: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `SQLite at ${config.dataDir}/learn.db`;
  const u = new URL(config.databaseUrl);
  return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
}
