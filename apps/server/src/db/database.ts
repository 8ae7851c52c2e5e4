import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { dialect as migrationDialect } from './migrations/helpers.js';
import * as m001 from './migrations/001-foundation.js';
import * as m002 from './migrations/002-courses.js';
import * as m003 from './migrations/003-homework.js';
import * as m004 from './migrations/004-exams.js';
import * as m005 from './migrations/005-chat.js';
import * as m006 from './migrations/006-explain-usage.js';
import * as m007 from './migrations/007-analytics.js';
import * as m008 from './migrations/008-homework-claims.js';
import * as m009 from './migrations/009-job-leases.js';
import * as m010 from './migrations/010-chat-images.js';
import * as m011 from './migrations/011-badge-seen.js';
import * as m012 from './migrations/012-similarity.js';
import * as m013 from './migrations/013-similarity-suggested.js';
import { StatementCache } from './statement-cache.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** SQLite only: the prepared-statement cache under Kysely. */
  statements?: StatementCache;
  /** Engine name and version, e.g. "SQLite 3.50.4" or "PostgreSQL 15.19". */
  version(): Promise<string>;
  /** PostgreSQL only: the pool's connections (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Every migration, in order. One set serves both engines. */
const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-courses': m002,
  '003-homework': m003,
  '004-exams': m004,
  '005-chat': m005,
  '006-explain-usage': m006,
  '007-analytics': m007,
  '008-homework-claims': m008,
  '009-job-leases': m009,
  '010-chat-images': m010,
  '011-badge-seen': m011,
  '012-similarity': m012,
  '013-similarity-suggested': m013,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * Opens the database: PostgreSQL when a URL is given, else SQLite at dataDir/learn.db
 * (WAL, foreign keys on). `dataDir: ':memory:'` gives an in-memory SQLite database for tests.
 */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; onPoolError?: (err: Error) => void }): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server ends (a restart, a failover, an administrator) is reported here;
    // without a listener it would crash the process. The pool replaces the connection on next use.
    pool.on('error', opts.onPoolError ?? ((err) => console.warn(`PostgreSQL connection lost: ${err.message}`)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      async version() {
        const r = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
        return `PostgreSQL ${r.rows[0]?.v ?? 'unknown'}`;
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  let file = ':memory:';
  if (opts.dataDir !== ':memory:') {
    mkdirSync(opts.dataDir, { recursive: true });
    file = join(opts.dataDir, 'learn.db');
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  return {
    db,
    engine: 'sqlite',
    statements,
    async version() {
      const r = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
      return `SQLite ${r.rows[0]?.v ?? 'unknown'}`;
    },
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  migrationDialect.name = handle.engine;
  const migrator = new Migrator({ db: handle.db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const e = error as { message?: string; code?: string; errors?: { message?: string }[] };
    const why = e.message || e.errors?.map((x) => x.message).join('; ') || e.code || String(error);
    throw new Error(`${failed ? `Migration ${failed.migrationName}` : 'Migrating the database'} failed: ${why}`, { cause: error });
  }
}

/** The names of every migration this build knows (for the diagnostics page). */
export const knownMigrations = (): string[] => Object.keys(migrations).sort();
