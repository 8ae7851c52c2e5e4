import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest } from './request-path.js';

/**
 * Conservative security headers on every response, in two sets.
 *
 * Pages and assets: styles may be inline (the UI library sets them); scripts only from this origin, plus
 * WebAssembly compilation for the in-browser Python runner. Cross-origin isolation (COOP + COEP) gives the
 * page SharedArrayBuffer, which the Python worker needs to wait for input() and to be interrupted by Stop;
 * everything is served from this origin, so nothing breaks.
 *
 * API answers (JSON and images, read by the page's scripts, never rendered as a page; an HTML answer under
 * /api, such as the API's description for a browser, is a page and gets the first set): the set OWASP's REST Security
 * Cheat Sheet gives: no caching, no MIME sniffing, no framing, and a policy that lets such an answer load
 * nothing at all if it is ever opened as a document. The page's isolation and referrer policies are
 * properties of documents, which an API answer is not; leaving them off saves the hottest reads three
 * headers (the lecture read: `npm run bench`).
 */
const pageHeaders: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'same-origin'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-embedder-policy', 'require-corp'],
  [
    'content-security-policy',
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  ],
];
const apiHeaders: [string, string][] = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
];

/** Sets the headers every response carries; also used by answers sent before routing (framework errors). */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const api = isApiRequest(request);
  // API answers carry personal data and one-time passwords: no cache keeps them, unless a route chose its
  // own caching on purpose (a private, revalidated lecture body).
  if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  const page = !api || String(reply.getHeader('content-type') ?? '').startsWith('text/html');
  for (const [name, value] of page ? pageHeaders : apiHeaders) reply.header(name, value);
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    done(null, payload);
  });
}
