import client from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';

/**
 * Prometheus metrics of one app: request latency by method, route pattern and status class; the code
 * runner's queue; open WebSocket connections; the PostgreSQL pool; Node's own (CPU, memory, event loop
 * lag, GC). One registry per app, so tests can build several apps in one process.
 */
export function createMetrics(app: FastifyInstance, deps: AppDeps) {
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
      if (!app.hasDecorator('runner')) return;
      for (const [lane, q] of Object.entries(app.runner.lanes)) {
        this.set({ state: 'running', lane }, q.running);
        this.set({ state: 'queued', lane }, q.queued);
      }
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
