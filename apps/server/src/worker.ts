import { loadConfig, ConfigError, type Config } from './config.js';
import { RunWorkerHost } from './modules/runner/queued/worker-host.js';
import { runTaskTests } from './modules/homework/grading.js';
import { comparisonWorker } from './modules/similarity/queued-job.js';

/**
 * A runner worker (`npm run worker`): takes runs and grading off the Redis queue (REDIS_URL) and does them in
 * this machine's sandbox. Needs Redis, bubblewrap and the compilers; not the database or the web app. Start as
 * many as the figures ask for (docs/scale-out-workers.md); SIGTERM drains.
 */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const queue = config.runner.queue;
if (!queue) {
  console.error('A runner worker needs REDIS_URL (the Redis its API instances use).');
  process.exit(1);
}
// BullMQ's own default: a worker whose core is busy with compiles can be late renewing a shorter lock, and the
// job then starts a second time elsewhere (measured at 10 s on a loaded machine: docs/scale-out-workers.md).
const lockSeconds = Number(process.env.RUNNER_WORKER_LOCK_SECONDS ?? 30);
const host = new RunWorkerHost({
  redisUrl: queue.redisUrl,
  prefix: queue.prefix,
  runner: config.runner,
  grade: runTaskTests,
  lockMs: Math.max(1, lockSeconds) * 1000,
  log: (m) => console.warn(m),
});
const status = await host.status();
if (!status.available) console.warn(`Code running is unavailable here: ${status.reason}. Jobs taken answer so.`);
await host.start();
// Similar submissions (issue 30): comparisons are jobs here too, on a queue of their own.
const comparisons = comparisonWorker(queue.redisUrl, queue.prefix, (m) => console.warn(m));
await comparisons.waitUntilReady();
console.log(`Runner worker ${host.id} ready: ${host.concurrency} runs at once, queue ${queue.prefix}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`Runner worker ${host.id}: draining (finishing the runs it holds, taking no new ones)`);
    void Promise.all([host.drain(), comparisons.close()]).then(() => process.exit(0));
  });
