import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { Engine } from '../db/database.js';
import type { Clock } from './clock.js';
import type { PasswordHasher } from './passwords.js';
import type { PubSub } from './pubsub.js';
import type { RateStore } from './rate-limit.js';
import type { LineStream } from './log.js';

/**
 * What every module gets: configuration, the database, the clock and shared services.
 * It lives here, not in app.ts, so modules never import the file that imports them all.
 */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  dbVersion: () => Promise<string>;
  clock: Clock;
  hasher: PasswordHasher;
  pubsub: PubSub;
  /** Where per-user rate limits count: Redis across instances (REDIS_URL); absent: this process. */
  rateStore?: RateStore;
  /** PostgreSQL pool figures for /metrics (absent on SQLite). */
  dbPool?: () => { total: number; idle: number; waiting: number };
  /** Where the server's log lines go instead of standard output (tests read them). */
  logOut?: LineStream;
}
