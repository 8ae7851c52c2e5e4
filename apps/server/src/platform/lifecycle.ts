import type { FastifyInstance } from 'fastify';

/**
 * The instance's own state, for the load balancer: `draining` once SIGTERM arrived (readiness answers 503
 * so no new traffic comes, requests under way finish). Decorated on the app as `app.lifecycle`.
 */
export interface Lifecycle {
  draining: boolean;
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function installLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { draining: false, startedAt: Date.now() };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}

/** Close code telling a WebSocket client the server is restarting: reconnect soon (RFC 6455 registry: 1012). */
export const SERVICE_RESTART = 1012;
