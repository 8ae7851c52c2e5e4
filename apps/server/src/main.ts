import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { seed } from './db/seed.js';
import { buildApp } from './app.js';
import type { AppDeps } from './platform/deps.js';
import { systemClock } from './platform/clock.js';
import { InProcessPubSub, type PubSub } from './platform/pubsub.js';
import { RedisPubSub } from './platform/redis-pubsub.js';
import { RedisRateStore } from './platform/rate-limit.js';
import { Redis } from 'ioredis';
import { PasswordHasher } from './platform/passwords.js';
import { purgeExpiredSessions } from './platform/sessions.js';
import { IntervalScheduler } from './platform/scheduler.js';
import { DatabaseLease } from './platform/lease.js';
import { installLastResort } from './platform/last-resort.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Redis when REDIS_URL is set (several instances), else events stay in this process. */
async function openPubSub(c: Config): Promise<PubSub> {
  if (!c.redisUrl) return new InProcessPubSub();
  const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
  const redis = new RedisPubSub(c.redisUrl, log);
  try {
    await redis.connect();
    console.log('Live events and caches shared through Redis pub/sub');
  } catch (err) {
    // Not fatal: the instance serves, and the connection keeps retrying in the background.
    console.warn(`Redis at REDIS_URL is not reachable yet (${(err as Error).message}); retrying in the background`);
  }
  return redis;
}
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
config.webDist ??= join(here, '..', '..', 'web', 'dist');

const handle = openDatabase(config);
await migrateToLatest(handle);
const pubsub = await openPubSub(config);
// Rate limits count across instances in Redis when there is one (each instance alone otherwise).
const rateRedis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
rateRedis?.on('error', () => {}); // reported by the pub/sub's connections; counting falls back to this process

const deps: AppDeps = {
  config,
  db: handle.db,
  engine: handle.engine,
  dbVersion: () => handle.version(),
  clock: systemClock,
  hasher: new PasswordHasher(config.passwordHash.cost, config.passwordHash.concurrency, config.passwordHash.algorithm),
  pubsub,
  ...(rateRedis ? { rateStore: new RedisRateStore(rateRedis) } : {}),
  ...(handle.poolStats ? { dbPool: handle.poolStats } : {}),
};
const seeded = await seed(deps);
const app = await buildApp(deps);

if (seeded.generatedGuidePassword) {
  // Plain text on purpose: an operator must be able to read this once in the console.
  console.log(
    `\n\n  First start: the default mate account was created.\n    email:    ${config.guide.email}\n    password: ${seeded.generatedGuidePassword}\n  It is shown only this once. Sign in and change it, or set LEARN_GUIDE_PASSWORD before the first start.\n`,
  );
}

// Periodic jobs: one scheduler.
// Each job runs on one instance per period (a lease in the shared database), however many instances run.
const scheduler = new IntervalScheduler((err, job) => app.log.error({ err, job }, `${job} failed`), new DatabaseLease(deps.db, deps.clock));
scheduler.register({
  name: 'session purge',
  everyMs: 10 * 60_000,
  run: () => purgeExpiredSessions(deps.db, deps.clock.now(), config.session),
});
// Attempts whose student left: submitted by the server at the deadline (plus the grace), on one instance.
scheduler.register({
  name: 'exam deadlines',
  everyMs: 15_000,
  run: async () => {
    const n = await app.exams.submitOverdue();
    if (n) app.log.info(`${n} exam attempt(s) submitted at their deadline`);
  },
});
// Homework grading left by a server that stopped (its claim ran out) is taken over within a minute.
scheduler.register({ name: 'homework resume', everyMs: 60_000, run: () => app.homeworkGrader.resume() });
// Chat retention: messages no one can see any more (past the students' 48 hours, cleared by every guide) and their images.
scheduler.register({
  name: 'chat retention',
  everyMs: 15 * 60_000,
  run: async () => {
    const n = await app.chat.purge();
    if (n) app.log.info(`${n} chat message(s) deleted`);
  },
});
scheduler.start();

/**
 * Graceful shutdown: readiness turns 503 (the load balancer stops sending), the server stops accepting,
 * sockets close with 1012 so pages reconnect elsewhere, requests and runs under way finish; past
 * SHUTDOWN_GRACE_SECONDS the process ends anyway. A second signal ends it at once.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn(`${signal} received again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  app.lifecycle.draining = true;
  app.log.info(`${signal} received: draining (at most ${config.shutdownGraceMs / 1000} s)`);
  const deadline = setTimeout(() => {
    app.log.warn('Shutdown grace period over: exiting with work still under way');
    process.exit(1);
  }, config.shutdownGraceMs);
  deadline.unref();
  // A keep-alive connection whose request finishes during the drain would hold the server open: close each
  // one as soon as it is idle.
  const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
  idleCloser.unref();
  await scheduler.stop();
  await app.close();
  clearInterval(idleCloser);
  await pubsub.close();
  rateRedis?.disconnect();
  await handle.close();
  app.log.info('Shut down cleanly');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
installLastResort(app.log, (why) => void shutdown(why));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Learn is serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${await handle.version()})`,
);
