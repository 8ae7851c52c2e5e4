import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicUser, Role } from '@learn/shared';
import { authenticationError, authorizationError } from './errors.js';
import { resolveSession, SESSION_COOKIE } from './sessions.js';
import type { AppDeps } from './deps.js';
import { isApiRequest } from './request-path.js';

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
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const row = await resolveSession(deps.db, token, deps.clock.now(), deps.config.session);
      if (row)
        request.actor = {
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          batchId: row.batch_id,
          lastLogin: row.last_login,
          sessionId: row.session_id,
        };
    }
  });
  app.addHook('preHandler', async (request) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.config?.public) return;
    if (!request.routeOptions.url) return; // not-found handler answers 404 itself
    if (!request.actor) throw authenticationError();
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
