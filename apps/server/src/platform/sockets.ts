import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import { decodedPath, isSocketPath } from './request-path.js';

/** How long a handshake may take to become a WebSocket before its connection is closed. */
const HANDSHAKE_MS = 30_000;

/**
 * WebSockets (@fastify/websocket) for the socket routes only. The plugin adds two hooks to every request
 * in its scope and wraps every route's handler; registered in a scope of their own with the socket routes
 * (`routes`), the other requests, the hottest reads among them, do not pay for them (`npm run bench`).
 * Handshakes reach the plugin only for the socket paths (as the router decodes them: `/%61pi/ws` too); one
 * for any other path is answered 404 and its connection closed. `app.websocketServer` and `app.injectWS`
 * stay on the app, for the shutdown, the metrics and the tests.
 */
export async function installSockets(
  app: FastifyInstance,
  preClose: NonNullable<WebsocketPluginOptions['preClose']>,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  const upgrades = new EventEmitter();
  app.server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (isSocketPath(decodedPath(req.url ?? ''))) {
      // A handshake the routes do not take up (refused by a hook, say) must not hold its connection; once it is a
      // WebSocket, `ws` turns this timer off.
      socket.setTimeout(HANDSHAKE_MS, () => socket.destroy());
      upgrades.emit('upgrade', req, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  let scope: FastifyInstance | undefined;
  await app.register(async (s) => {
    // (the plugin listens for handshakes on `server`, the emitter above, instead of the HTTP server)
    await s.register(websocket, { options: { maxPayload: 64 * 1024, server: upgrades as never }, preClose });
    scope = s;
    routes(s);
  });
  app.decorate('websocketServer', scope!.websocketServer);
  app.decorate('injectWS', scope!.injectWS.bind(scope));
}
