import type { FastifyInstance } from 'fastify';

/**
 * Conservative security headers on every response. Styles may be inline (the UI library sets them);
 * scripts only from this origin, plus WebAssembly compilation for the in-browser Python runner.
 * Cross-origin isolation (COOP + COEP) gives the page SharedArrayBuffer, which the Python worker needs to
 * wait for input() and to be interrupted by Stop; everything is served from this origin, so nothing breaks.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-embedder-policy', 'require-corp');
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    );
    return payload;
  });
}
