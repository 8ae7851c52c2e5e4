import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import type { RunnerService } from '../runner/service.js';
import { healthReport, overallStatus } from './service.js';

/**
 * GET /api/health: "ok" (200) when everything works; "degraded" (200: the instance serves, something is
 * off) with the reasons, when code running is unavailable or the configured Redis does not answer;
 * "error" (503) when the database does not answer.
 */
export function healthRoutes(app: FastifyInstance, deps: AppDeps, { runner: runnerService }: { runner: RunnerService }) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const report = await healthReport(deps);
    const runner = await runnerService.health();
    const pubsub = deps.pubsub.status();
    const { status, reasons } = overallStatus(report, runner, pubsub);
    void reply.header('cache-control', 'no-store').status(report.ok ? 200 : 503);
    return {
      status,
      reasons,
      version: report.version,
      uptimeSeconds: report.uptimeSeconds,
      database: { reachable: report.database.reachable, engine: report.database.engine },
      runner,
      // Redis away is not an error: the instance keeps serving, its live events reach its own sockets only.
      pubsub,
    };
  });
}
