import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './request-path.js';

/**
 * Conservative security headers on every response. Styles may be inline (the UI library sets them);
 * scripts only from this origin, plus WebAssembly compilation for the in-browser Python runner.
 * Cross-origin isolation (COOP + COEP) gives the page SharedArrayBuffer, which the Python worker needs to
 * wait for input() and to be interrupted by Stop; everything is served from this origin, so nothing breaks.
 */
/** Sets the headers every response carries; also used by answers sent before routing (framework errors). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  // API answers carry personal data and one-time passwords: no cache keeps them, unless a route chose its
  // own caching on purpose (a private, revalidated lecture body).
  if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-embedder-policy', 'require-corp');
  reply.header(
    'content-security-policy',
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  );
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    done(null, payload);
  });
}
