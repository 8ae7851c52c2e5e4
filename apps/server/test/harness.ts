import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { compose, type Services } from '../src/compose.js';
import type { AppDeps } from '../src/platform/deps.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, migrateToLatest, type DatabaseHandle, type Engine } from '../src/db/database.js';
import { seed } from '../src/db/seed.js';
import { ManualClock } from '../src/platform/clock.js';
import { InProcessPubSub } from '../src/platform/pubsub.js';
import { PasswordHasher } from '../src/platform/passwords.js';
import { insertUser } from '../src/modules/people/repository.js';

/**
 * The engines the API and data-layer tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. In CI (CI=true) PostgreSQL is required: a missing URL fails the run instead of skipping.
 */
export const engines: Engine[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];
if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL)
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests must run in CI (see .ci/run).');

export const GUIDE_EMAIL = 'guide@example.com';
export const GUIDE_PASSWORD = 'guide-password-1';

/** A fresh database for one test app: in-memory SQLite, or a new PostgreSQL database dropped afterwards. */
async function freshDatabase(engine: Engine): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const handle = openDatabase({ dataDir: ':memory:' });
    return { handle, drop: async () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `learn_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`Cannot reach PostgreSQL at TEST_DATABASE_URL (${adminUrl}): ${(err as Error).message}`);
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({
    databaseUrl: url.toString(),
    dataDir: ':memory:',
    // Dropping the test database at teardown ends its idle connections (57P01); anything else is worth a line.
    onPoolError: (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`PostgreSQL pool error: ${err.message}`);
    },
  });
  return {
    handle,
    drop: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** The app's services (compose.ts), for what a test does besides HTTP: wait for the grader, run a job. */
  services: Services;
  clock: ManualClock;
  close(): Promise<void>;
  /**
   * Builds another app on the same database and deps, as a restarted server or a second instance would be
   * (close it yourself); `overrides` replace some deps (e.g. its own pub/sub, as another process has).
   */
  restart(overrides?: Partial<AppDeps>): Promise<FastifyInstance>;
  /** The same as restart, with the new app's own services. */
  restartComposed(overrides?: Partial<AppDeps>): Promise<{ app: FastifyInstance; services: Services }>;
  /** Signs in and returns the cookie header to send with later requests. */
  login(email: string, password: string): Promise<string>;
  createUser(opts: { role: 'student' | 'guide'; name?: string; email?: string; password?: string; batchId?: string | null }): Promise<{
    id: string;
    email: string;
    password: string;
  }>;
}

let userCounter = 0;

/** What an app is built from, without the app: a fresh seeded database, a manual clock, in-process pub/sub. */
export async function createTestDeps(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<{ deps: AppDeps; clock: ManualClock; drop: () => Promise<void> }> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: '12',
    LEARN_GUIDE_EMAIL: GUIDE_EMAIL,
    LEARN_GUIDE_PASSWORD: GUIDE_PASSWORD,
    ...env,
  });
  const { handle, drop } = await freshDatabase(engine);
  await migrateToLatest(handle);
  const clock = new ManualClock();
  const deps: AppDeps = {
    config,
    db: handle.db,
    engine: handle.engine,
    dbVersion: () => handle.version(),
    clock,
    hasher: new PasswordHasher(config.passwordHash.cost, config.passwordHash.concurrency, config.passwordHash.algorithm),
    pubsub: new InProcessPubSub(),
    ...(handle.poolStats ? { dbPool: handle.poolStats } : {}),
  };
  await seed(deps);
  return { deps, clock, drop };
}

export async function createTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const { deps, clock, drop } = await createTestDeps(engine, env);
  const { services } = compose(deps);
  const app = await buildApp(deps, services);
  await app.ready();
  const restartComposed = async (overrides: Partial<AppDeps> = {}) => {
    const next = { ...deps, ...overrides };
    const composed = compose(next);
    const nextApp = await buildApp(next, composed.services);
    await nextApp.ready();
    return { app: nextApp, services: composed.services };
  };
  return {
    app,
    deps,
    services,
    clock,
    async close() {
      await app.close();
      await drop();
    },
    async restart(overrides = {}) {
      return (await restartComposed(overrides)).app;
    },
    restartComposed,
    async login(email, password) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
      return cookieFrom(res);
    },
    async createUser({ role, name, email, password, batchId }) {
      const n = ++userCounter;
      const user = {
        id: `user_${role}_test_${n}`,
        name: name ?? `${role === 'student' ? 'Student' : 'Mate'} ${n}`,
        email: email ?? `${role}${n}@example.com`,
        password: password ?? `secret-${n}-pw`,
      };
      await insertUser(deps.db, {
        id: user.id,
        name: user.name,
        email: user.email,
        role,
        password_hash: await deps.hasher.hash(user.password),
        batch_id: batchId ?? null,
        last_login: null,
        created_at: clock.now().toISOString(),
      });
      return user;
    },
  };
}

/** The `name=value` pair of the session cookie a response set. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const set = res.headers['set-cookie'];
  const first = (Array.isArray(set) ? set : [set]).find((c) => c?.startsWith('learn_session='));
  if (!first) throw new Error('no session cookie set');
  return first.split(';')[0]!;
}
