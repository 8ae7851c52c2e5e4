import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The instance's own state, for the load balancer and the shutdown: `draining` once SIGTERM arrived
 * (readiness answers 503 so no new traffic comes, requests under way finish), `inFlight` the HTTP requests
 * under way (WebSocket upgrades not counted: a socket is closed by the shutdown, not waited for).
 * Decorated on the app as `app.lifecycle`.
 */
export interface Lifecycle {
  draining: boolean;
  startedAt: number;
  inFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function installLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { draining: false, startedAt: Date.now(), inFlight: 0 };
  app.decorate('lifecycle', lifecycle);
  // Counted on the HTTP server itself rather than with Fastify hooks (a hook for the start, two for the
  // end, answered or aborted): one listener a request. A response emits 'close' once, answered or cut off
  // (`on`, not `once`: nothing to remove from a response that is done, and no wrapper made per request).
  const ended = () => void lifecycle.inFlight--;
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.upgrade) return;
    lifecycle.inFlight++;
    res.on('close', ended);
  });
  return lifecycle;
}

/** Close code telling a WebSocket client the server is restarting: reconnect soon (RFC 6455 registry: 1012). */
export const SERVICE_RESTART = 1012;
