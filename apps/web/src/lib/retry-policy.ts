/**
 * When a failed request is worth repeating, for TanStack Query's `retry` / `retryDelay` (platform-core.md
 * section 8): network errors and 5xx are retried a few times with growing, jittered pauses; a 4xx never is,
 * since the same request would get the same refusal. Kept free of react-query so the auth probe can use it.
 */
import { toAppError } from './errors';

/** Retries after the first try: three tries in all, as before. */
export const MAX_RETRIES = 2;

/** A network failure or a 5xx: something the next try may not meet. */
export function isTransient(error: unknown): boolean {
  const e = toAppError(error);
  return e.type === 'NETWORK' || (e.code ?? 0) >= 500;
}

/** TanStack's `retry(failureCount, error)`: transient failures only, at most MAX_RETRIES times. */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransient(error);
}

/** TanStack's `retryDelay(attemptIndex)`: 300 ms, 900 ms, 2.7 s… (x3 each time, at most 10 s), each ±20 %. */
export function retryDelay(attemptIndex: number): number {
  return Math.round(Math.min(10_000, 300 * 3 ** attemptIndex) * (0.8 + Math.random() * 0.4));
}

/**
 * For a mutation that may safely be sent twice (a PUT or PATCH that sets a whole value, a DELETE): the same
 * retry as reads. A POST that creates or appends takes none (TanStack's default for mutations).
 */
export const idempotentRetry = { retry: retryTransient, retryDelay } as const;
