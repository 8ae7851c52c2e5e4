import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { RunnerService } from '../runner/service.js';

/**
 * Prometheus metrics of one app: request latency by method, route pattern and status class; the code
 * runner's queue; open WebSocket connections; the PostgreSQL pool; Node's own (CPU, memory, event loop
 * lag, GC). One registry per app, so tests can build several apps in one process.
 */
export function createMetrics(app: FastifyInstance, deps: AppDeps, runner: RunnerService) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'learn_' });

  const requests = new client.Histogram({
    name: 'learn_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: ids would make a series per student.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.labels(request.method, route, `${Math.floor(reply.statusCode / 100)}xx`).observe(reply.elapsedTime / 1000);
    done();
  });

  new client.Gauge({
    name: 'learn_runner_queue',
    help: 'Code runs running and waiting in this instance, per lane (scratch, interactive, grading)',
    labelNames: ['state', 'lane'] as const,
    registers: [registry],
    collect() {
      for (const [lane, q] of Object.entries(runner.lanes)) {
        this.set({ state: 'running', lane }, q.running);
        this.set({ state: 'queued', lane }, q.queued);
      }
    },
  });
  // With REDIS_URL (issue 29): the shared run queue and each runner worker, as this instance sees them.
  let last: { at: number; stats: ReturnType<NonNullable<RunnerService['queued']>['stats']> } | null = null;
  const queueStats = () => {
    const queued = runner.queued;
    if (!queued) return null;
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), stats: queued.stats() }; // one read per scrape
    return last.stats;
  };
  new client.Gauge({
    name: 'learn_run_queue_jobs',
    help: 'Runs waiting in the shared Redis queue and runs the workers hold (absent without REDIS_URL)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const q = await queueStats();
      if (!q) return;
      this.set({ state: 'waiting' }, q.waiting);
      this.set({ state: 'active' }, q.active);
    },
  });
  new client.Gauge({
    name: 'learn_run_queue_wait_seconds',
    help: 'Time recent runs from this instance waited in the queue before a worker took them',
    labelNames: ['quantile'] as const,
    registers: [registry],
    async collect() {
      const q = await queueStats();
      if (!q) return;
      this.set({ quantile: '0.5' }, q.waitMs.p50 / 1000);
      this.set({ quantile: '0.95' }, q.waitMs.p95 / 1000);
      this.set({ quantile: '1' }, q.waitMs.max / 1000);
    },
  });
  new client.Gauge({
    name: 'learn_run_worker_runs_per_second',
    help: 'Runs per second each live runner worker finished over the last 10 s',
    labelNames: ['worker'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const w of (await queueStats())?.workers ?? []) this.set({ worker: w.id }, w.runsPerSecond);
    },
  });
  new client.Gauge({
    name: 'learn_websocket_connections',
    help: 'Open WebSocket connections (live events, interactive runs)',
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  new client.Gauge({
    name: 'learn_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = deps.dbPool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new client.Gauge({
    name: 'learn_pubsub_connected',
    help: '1 when live events reach the other instances (always 1 in one process)',
    registers: [registry],
    collect() {
      this.set(deps.pubsub.status().connected ? 1 : 0);
    },
  });
  return registry;
}
