import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  readonly inFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function installLifecycle(app: FastifyInstance): Lifecycle {
  // Counted when asked (the shutdown polls it), from the open connections, rather than on every request: a
  // listener a response cost the hottest read a microsecond or two (measured in one process, switching it on
  // and off every 100 ms under load). A connection has a request under way while Node holds the request's
  // response on it (`_httpMessage`: set when the request arrives, cleared when its answer is done); a
  // WebSocket handshake's response stays there for the socket's life, and is not counted.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const lifecycle: Lifecycle = {
    draining: false,
    startedAt: Date.now(),
    get inFlight() {
      let n = 0;
      for (const socket of connections) {
        const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (res && !res.req?.headers.upgrade) n++;
      }
      return n;
    },
  };
  app.decorate('lifecycle', lifecycle);
  return lifecycle;
}

/** Close code telling a WebSocket client the server is restarting: reconnect soon (RFC 6455 registry: 1012). */
export const SERVICE_RESTART = 1012;
