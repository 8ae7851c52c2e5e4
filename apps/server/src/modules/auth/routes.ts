import type { FastifyInstance, FastifyReply } from 'fastify';
import { loginSchema, type LoginResponse, type PublicUser } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { login, logout } from './service.js';

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure over https, lifetime of the session. */
export function setSessionCookie(reply: FastifyReply, token: string, deps: AppDeps, secure: boolean) {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(deps.config.session.maxMs / 1000),
  });
}

export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/auth/login', { config: { public: true } }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const { user, token } = await login(deps, input, request.ip);
    setSessionCookie(reply, token, deps, request.protocol === 'https');
    return { user } satisfies LoginResponse;
  });

  app.post('/api/auth/logout', { config: { public: true } }, async (request, reply) => {
    await logout(deps, request.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  app.get('/api/auth/me', async (request) => {
    const { sessionId: _omit, ...user } = requireActor(request);
    return { user: user satisfies PublicUser };
  });
}
