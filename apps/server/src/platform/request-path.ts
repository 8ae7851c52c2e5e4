import type { FastifyRequest } from 'fastify';

/**
 * The path the router matched, not the raw URL: the router decodes percent-escapes, so `/%61pi/students`
 * reaches the `/api/students` route. Every hook that decides by path (origin check, sign-in requirement,
 * caching) must judge this path, or an encoded prefix walks past it (issue 10).
 */
export function routedPath(request: FastifyRequest): string {
  // Worked out once per request: several hooks ask, and Fastify builds `routeOptions` anew on every access.
  const known = (request as RequestWithPath)[routedPathKey];
  if (known !== undefined) return known;
  return ((request as RequestWithPath)[routedPathKey] = computeRoutedPath(request));
}

const routedPathKey = Symbol('routedPath');
type RequestWithPath = FastifyRequest & { [routedPathKey]?: string };

function computeRoutedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return decodedPath(request.url);
}

/** An address's path without its query, percent-escapes decoded as the router decodes them (as it is if it cannot be). */
export function decodedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the request is for the API (by its routed, decoded path). */
export const isApiRequest = (request: FastifyRequest) => routedPath(request).startsWith('/api/');

/** The WebSocket endpoints: only their handshakes are taken (sockets.ts), checked like state-changing requests. */
const socketRoutes = new Set(['/api/ws', '/api/run/ws']);
export const isSocketPath = (path: string) => socketRoutes.has(path);
export const isSocketRoute = (request: FastifyRequest) => socketRoutes.has(routedPath(request));
