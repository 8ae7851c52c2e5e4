import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { seed } from './db/seed.js';
import { buildApp } from './app.js';
import type { AppDeps } from './platform/deps.js';
import { systemClock } from './platform/clock.js';
import { InProcessPubSub } from './platform/pubsub.js';
import { PasswordHasher } from './platform/passwords.js';
import { purgeExpiredSessions } from './platform/sessions.js';
import { IntervalScheduler } from './platform/scheduler.js';

const here = dirname(fileURLToPath(import.meta.url));
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
const deps: AppDeps = {
  config,
  db: handle.db,
  engine: handle.engine,
  dbVersion: () => handle.version(),
  clock: systemClock,
  hasher: new PasswordHasher(config.passwordHash.cost, config.passwordHash.concurrency, config.passwordHash.algorithm),
  pubsub: new InProcessPubSub(),
};
const seeded = await seed(deps);
const app = await buildApp(deps);

if (seeded.generatedGuidePassword) {
  // Plain text on purpose: an operator must be able to read this once in the console.
  console.log(
    `\n\n  First start: the default mate account was created.\n    email:    ${config.guide.email}\n    password: ${seeded.generatedGuidePassword}\n  It is shown only this once. Sign in and change it, or set LEARN_GUIDE_PASSWORD before the first start.\n`,
  );
}

// Periodic jobs: one scheduler (a multi-instance lease replaces it later, see ARCHITECTURE.md).
const scheduler = new IntervalScheduler((err, job) => app.log.error({ err, job }, `${job} failed`));
scheduler.register({
  name: 'session purge',
  everyMs: 10 * 60_000,
  run: () => purgeExpiredSessions(deps.db, deps.clock.now(), config.session),
});
// Homework grading left by a server that stopped (its claim ran out) is taken over within a minute.
scheduler.register({ name: 'homework resume', everyMs: 60_000, run: () => app.homeworkGrader.resume() });
scheduler.start();

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`);
  await scheduler.stop();
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Learn is serving on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${await handle.version()})`,
);
