import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicUser, Role } from '@learn/shared';
import { authenticationError, authorizationError } from './errors.js';
import { resolveSession, SESSION_COOKIE, type SessionRow } from './sessions.js';
import type { AppDeps } from './deps.js';
import { isApiRequest } from './request-path.js';
import { SessionCache } from './session-cache.js';

export interface Actor extends PublicUser {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | undefined;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a session; everything else under /api requires one. */
    public?: boolean;
  }
}

/**
 * Authentication is on by default for every /api route: a route is public only when it says
 * `config: { public: true }`. The session cookie names the user; the server, not the browser, decides.
 */
export function installAuthentication(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('actor', undefined);
  // The actor is made once per session stored, not on every request; nothing changes an actor after it is made.
  const toActor = (row: SessionRow): Actor =>
    Object.freeze({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      batchId: row.batch_id,
      lastLogin: row.last_login,
      sessionId: row.session_id,
    });
  const cache = new SessionCache(deps.pubsub, deps.config.session, undefined, toActor);
  app.addHook('onClose', async () => cache.close());
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const cached = cache.get(token, deps.clock.nowMs());
    if (cached) {
      request.actor = cached;
      return done();
    }
    resolveSession(deps.db, token, deps.clock.now(), deps.config.session).then((row) => {
      if (row) request.actor = cache.set(token, row);
      done();
    }, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.actor || !isApiRequest(request)) return done();
    const route = request.routeOptions;
    if (route.config?.public || !route.url) return done();
    // (the not-found handler, which has no route url, answers 404 itself)
    done(authenticationError());
  });
}

/** The signed-in actor, or a 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw authenticationError();
  return request.actor;
}

/** The signed-in actor with one of the roles, or 401/403. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): Actor {
  const actor = requireActor(request);
  if (!roles.includes(actor.role)) throw authorizationError('You do not have permission to perform this action');
  return actor;
}
