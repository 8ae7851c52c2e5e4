import type { FastifyRequest } from 'fastify';
import { authorizationError } from './errors.js';
import { isApiRequest, isSocketRoute } from './request-path.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests, and WebSocket handshakes, from a foreign origin (CSRF defence next to SameSite=Lax cookies).
 * A browser always sends Origin (or Sec-Fetch-Site) on such requests; scripts that send neither are
 * allowed, since they cannot ride on a user's cookie. Run on every request by the request gate (request-gate.ts).
 */
export function checkOrigin(request: FastifyRequest): void {
  // The sockets' handshakes are GETs, but they are checked too (cross-site WebSocket hijacking). The
  // decision uses the routed path: `/%61pi/...` and `/api/%77s` are the same routes as `/api/...`.
  const upgrade = isSocketRoute(request);
  if ((!stateChanging.has(request.method) && !upgrade) || !isApiRequest(request)) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw authorizationError('Cross-site requests are not allowed');
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string;
  let expected: string;
  try {
    host = new URL(origin).host;
    expected = new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    throw authorizationError('Cross-site requests are not allowed');
  }
  if (host !== expected) throw authorizationError('Cross-site requests are not allowed');
}
