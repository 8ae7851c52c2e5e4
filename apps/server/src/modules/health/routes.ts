import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { healthReport } from './service.js';

export function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const report = await healthReport(deps);
    void reply.header('cache-control', 'no-store').status(report.ok ? 200 : 503);
    return {
      status: report.ok ? 'ok' : 'error',
      version: report.version,
      uptimeSeconds: report.uptimeSeconds,
      database: { reachable: report.database.reachable, engine: report.database.engine },
      runner: app.hasDecorator('runner') ? await app.runner.health() : null,
      // Redis away is not an error: the instance keeps serving, its live events reach its own sockets only.
      pubsub: deps.pubsub.status(),
    };
  });
}
