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
 * Returns the two steps the request gate (request-gate.ts) runs: on arrival, who the session names (sets
 * `request.actor`); before the handler, the sign-in requirement.
 */
export function authentication(app: FastifyInstance, deps: AppDeps) {
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
  return {
    /** Sets `request.actor` from the session cookie, then calls `done` (with the error if the lookup failed). */
    resolve(request: FastifyRequest, done: (err?: Error) => void): void {
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
    },
    /** A 401 for a non-public /api route without a session; undefined otherwise. */
    signInError(request: FastifyRequest): Error | undefined {
      if (request.actor || !isApiRequest(request)) return undefined;
      const route = request.routeOptions;
      // (the not-found handler, which has no route url, answers 404 itself)
      if (route.config?.public || !route.url) return undefined;
      return authenticationError();
    },
  };
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
