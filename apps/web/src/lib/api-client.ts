import { friendlyMessages } from '@learn/shared';
import { AppError, errorFromResponse, toAppError } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
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
 * Calls the API once with JSON and returns the parsed body. It never repeats a request: retries belong to
 * TanStack Query (`lib/query-client.ts`, `lib/retry-policy.ts`), which knows whether a call is a read or a
 * mutation that may be sent twice. An answer that is not JSON is a SERVER error.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const context = `${method} ${path}`;
  try {
    return await once<T>(path, method, opts, context);
  } catch (err) {
    throw toAppError(err, context);
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
