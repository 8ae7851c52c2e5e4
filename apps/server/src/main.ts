import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { describeDatabase, prepareDatabase, reason } from './db/startup.js';
import type { SeedResult } from './db/seed.js';
import { buildApp } from './app.js';
import type { AppDeps } from './platform/deps.js';
import { systemClock } from './platform/clock.js';
import { InProcessPubSub, type PubSub } from './platform/pubsub.js';
import { RedisPubSub } from './platform/redis-pubsub.js';
import { RedisRateStore } from './platform/rate-limit.js';
import { Redis } from 'ioredis';
import { PasswordHasher } from './platform/passwords.js';
import { createLog, type Log } from './platform/log.js';
import { installShutdown } from './platform/shutdown.js';
import { installLastResort } from './platform/last-resort.js';
import { moveChatImagesIntoDatabase } from './modules/chat/image-store.js';
import { startJobs } from './jobs.js';
import { compose } from './compose.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Redis when REDIS_URL is set (several instances), else events stay in this process. */
async function openPubSub(c: Config, log: Log): Promise<PubSub> {
  if (!c.redisUrl) return new InProcessPubSub();
  const redis = new RedisPubSub(c.redisUrl, { info: (m) => log.info(m), warn: (m) => log.warn(m) }, c.redisPrefix);
  try {
    await redis.connect();
    log.info(`Live events and caches shared through Redis pub/sub (prefix ${c.redisPrefix})`);
  } catch (err) {
    // Not fatal: the instance serves, and the connection keeps retrying in the background.
    log.warn(`Redis at REDIS_URL is not reachable yet (${(err as Error).message}); retrying in the background`);
  }
  return redis;
}

/** The first password, readable by a person at the console and in the JSON log. */
function firstStartBox(config: Config, password: string, log: Log) {
  log.warn('First start: the default mate account was created', { email: config.guide.email, password });
  if (!process.stdout.isTTY) return;
  process.stdout.write(
    `\n  ┌─ First start: the default mate account was created\n  │  email:    ${config.guide.email}\n  │  password: ${password}\n  └─ Sign in and change it. Lost it? npm run user:reset-password -- ${config.guide.email}\n\n`,
  );
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  createLog({ level: 'info', format: 'json' }).error(err.message.replace(/\n\s*/g, ' '));
  process.exit(1);
}
config.webDist ??= join(here, '..', '..', 'web', 'dist');
const log = createLog({ level: config.logLevel, format: config.logFormat });

const hasher = new PasswordHasher(config.passwordHash.cost, config.passwordHash.concurrency, config.passwordHash.algorithm);
let handle: DatabaseHandle | undefined;
let seeded: SeedResult;
try {
  handle = openDatabase({ ...config, onPoolError: (err) => log.warn(`PostgreSQL connection lost: ${err.message}`) });
  await handle.version(); // connects: an unreachable database is reported here, before anything else
  seeded = await prepareDatabase(handle, { db: handle.db, config, clock: systemClock, hasher });
  const moved = await moveChatImagesIntoDatabase(handle.db, config.dataDir);
  if (moved) log.info(`${moved} chat image(s) moved from ${config.dataDir}/chat-images into the database`);
} catch (err) {
  log.error(`Cannot start: the database (${describeDatabase(config)}) failed: ${reason(err)}`);
  await handle?.close().catch(() => {});
  process.exit(1);
}
const pubsub = await openPubSub(config, log);
// Rate limits count across instances in Redis when there is one (each instance alone otherwise).
const rateRedis = config.redisUrl ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
rateRedis?.on('error', () => {}); // reported by the pub/sub's connections; counting falls back to this process

const deps: AppDeps = {
  config,
  db: handle.db,
  engine: handle.engine,
  dbVersion: () => handle.version(),
  clock: systemClock,
  hasher,
  pubsub,
  ...(rateRedis ? { rateStore: new RedisRateStore(rateRedis, () => {}, config.redisPrefix) } : {}),
  ...(handle.poolStats ? { dbPool: handle.poolStats } : {}),
};
// The composition root: every service once, then the routes and the jobs that use them.
const { services, jobs } = compose(deps, log);
const app = await buildApp(deps, services);

if (seeded.generatedGuidePassword) firstStartBox(config, seeded.generatedGuidePassword, log);
if (seeded.guidePassword === 'applied') log.warn(`LEARN_GUIDE_PASSWORD applied to ${config.guide.email} (it had never signed in)`);
if (seeded.guidePassword === 'ignored') {
  log.warn(
    `LEARN_GUIDE_PASSWORD ignored: ${config.guide.email} has signed in before (or is not the mate account), so its own password stands. To set a new one: npm run user:reset-password -- ${config.guide.email}`,
  );
}

const scheduler = startJobs(jobs, deps, log);

const shutdown = installShutdown({
  app,
  log,
  graceMs: config.shutdownGraceMs,
  busy: async () => {
    // No new run starts while draining ("The server is restarting..."); those under way finish.
    services.runner.stopAccepting();
    const h = await services.runner.health();
    return h.running + h.queued;
  },
  release: async () => {
    await scheduler.stop();
    await pubsub.close();
    rateRedis?.disconnect();
    await handle.close();
  },
});

// Started by `npm start` (scripts/start.mjs): if that process is gone, however it ended, drain and stop too.
if (process.connected) process.once('disconnect', () => void shutdown('The npm start process ended'));
installLastResort(app.log, (why) => void shutdown(why));

await app.listen({ port: config.port, host: config.host });
log.info(`Learn is serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${await handle.version()})`);
if (seeded.generatedGuidePassword) firstStartBox(config, seeded.generatedGuidePassword, log);
