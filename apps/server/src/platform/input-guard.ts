import type { FastifyRequest } from 'fastify';
import { hasNul, NUL_MESSAGE } from '@learn/shared';
import { validationError } from './errors.js';

/** True when any string inside the value (at any depth) holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  // (a loop, not Object.entries: this runs on the params and query of every request)
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasNul(key) || containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * One set of input limits whatever the entry point: a NUL in a path parameter, the query or the body is
 * a 400 before any route runs (PostgreSQL cannot store or compare one; it would be a 500). The shared
 * schemas refuse it too, so forms say the same thing. Run on every request by the request gate
 * (request-gate.ts); the error, or undefined when the input is within the limits.
 */
export function inputError(request: FastifyRequest): Error | undefined {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) return validationError(NUL_MESSAGE);
  return undefined;
}
