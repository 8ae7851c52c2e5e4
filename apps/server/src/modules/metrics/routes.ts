import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { authenticationError, notFoundError } from '../../platform/errors.js';
import { canReadMetrics } from './policy.js';
import type { RunnerService } from '../runner/service.js';
import { createMetrics } from './service.js';

/** GET /metrics (Prometheus text format), off unless METRICS_TOKEN is set; see policy.ts. */
export function metricsRoutes(app: FastifyInstance, deps: AppDeps, { runner }: { runner: RunnerService }) {
  const registry = deps.config.metricsToken ? createMetrics(app, deps, runner) : undefined;
  app.get('/metrics', async (request, reply) => {
    const decision = canReadMetrics(deps.config.metricsToken, request.headers.authorization);
    if (decision === 'off' || !registry) throw notFoundError('Not found');
    if (decision === 'refused') throw authenticationError('A valid metrics token is required');
    void reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
