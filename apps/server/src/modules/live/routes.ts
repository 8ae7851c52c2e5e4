import type { FastifyInstance } from 'fastify';
import { liveClientMessageSchema, type LiveEvent, type LiveReply } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { guardSocketSession } from '../../platform/socket-session.js';
import { onSocketMessages } from '../../platform/socket-messages.js';
import { audienceIncludes } from './events.js';

/**
 * GET /api/ws: the live-event channel. The session cookie authenticates the upgrade (the normal
 * authentication hook runs first); each socket receives only the events meant for its user.
 */
export function liveRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/ws', { websocket: true }, (socket, request) => {
    const actor = request.actor;
    if (!actor) {
      socket.close(4401, 'Authentication required');
      return;
    }
    socket.send(JSON.stringify({ type: 'hello', userId: actor.id } satisfies LiveEvent));
    // The socket ends with its session (logout, password change, removal); events wait for the check in order.
    const guard = guardSocketSession(deps, actor, socket);
    let sending = Promise.resolve();
    const unsubscribe = deps.pubsub.subscribe((event) => {
      if (!audienceIncludes(event, actor)) return;
      sending = sending
        .then(async () => {
          if (await guard.stillValid()) socket.send(JSON.stringify(event));
        })
        .catch((err: unknown) => request.log.warn({ err }, 'live event not sent'));
    });
    const reply = (m: LiveReply) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
    onSocketMessages(
      socket,
      request,
      liveClientMessageSchema,
      () => reply({ type: 'pong' }),
      (message) => reply({ type: 'error', message }),
    );
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), 25_000);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      guard.dispose();
    });
  });
}
