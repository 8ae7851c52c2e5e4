import { friendlyMessages } from '@learn/shared';
import { AppError, errorFromResponse, toAppError } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Retries for network errors and 5xx. Defaults to 2 for reads and idempotent writes, 0 for POST. */
  retries?: number;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Backoff before retry n (1-based): 300 ms, 900 ms, 2.7 s, with jitter. */
export function backoffMs(attempt: number): number {
  return Math.round(300 * 3 ** (attempt - 1) * (0.8 + Math.random() * 0.4));
}

let onUnauthenticated: (() => void) | undefined;
/** Called when the server says the session is gone, so the app can send the user to sign in. */
export function setUnauthenticatedHandler(fn: (() => void) | undefined) {
  onUnauthenticated = fn;
}

/** For calls made without `api()` (streams): the session is gone, send the user to sign in. */
export function sessionEnded(): void {
  onUnauthenticated?.();
}

/**
 * Calls the API with JSON and returns the parsed body. Network errors and 5xx are retried with backoff
 * (spec 8); a POST is retried only when asked, since it may not be safe to repeat. An answer that is not
 * JSON is a SERVER error.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const retries = opts.retries ?? (method === 'POST' ? 0 : 2);
  const context = `${method} ${path}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await once<T>(path, method, opts, context);
    } catch (err) {
      const e = toAppError(err, context);
      const retryable = e.type === 'NETWORK' || (e.type === 'SERVER' && (e.code ?? 0) >= 500);
      if (!retryable || attempt >= retries || opts.signal?.aborted) throw e;
      await sleep(backoffMs(attempt + 1));
    }
  }
}

async function once<T>(path: string, method: string, opts: RequestOptions, context: string): Promise<T> {
  const timeout = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
  const signal = timeout && opts.signal ? AbortSignal.any([timeout, opts.signal]) : (timeout ?? opts.signal);
  const res = await fetch(`/api/${path.replace(/^\//, '')}`, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    signal,
    cache: 'no-store',
  });
  const text = await res.text();
  if (!res.ok) {
    const error = errorFromResponse(res.status, res.statusText, text, context);
    if (res.status === 401 && !path.startsWith('auth/')) onUnauthenticated?.();
    throw error;
  }
  if (res.status === 204 || text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AppError({ type: 'SERVER', message: friendlyMessages.SERVER, details: 'Invalid response format', code: res.status, context });
  }
}
