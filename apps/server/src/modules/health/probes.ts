import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { readiness } from './service.js';

/**
 * Probes for a load balancer or an orchestrator. Liveness: the process answers (restart it otherwise).
 * Readiness: it should get traffic: the database answers and the instance is not draining for a shutdown.
 * Redis being away does not make an instance unready (it keeps serving, live events stay local); the answer
 * says so, as /api/health does.
 */
export function healthProbeRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/health/live', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/api/health/ready', { config: { public: true } }, async (_request, reply) => {
    const r = await readiness(deps, app.lifecycle.draining);
    void reply.status(r.ready ? 200 : 503);
    return r;
  });
}
