import { useQuery } from '@tanstack/react-query';
import { STATUS_CHECK_INTERVAL_MS } from '@learn/shared';

export type BadgeState = { kind: 'checking' } | { kind: 'connected' } | { kind: 'disconnected' } | { kind: 'http-error'; text: string };

/**
 * One call of GET /api/test_api.php, no cache. A JSON answer that names the database connection decides
 * Connected/Disconnected (a 503 saying 'failed' too); another HTTP error shows its status text; no answer
 * at all (server stopped, network down) is Disconnected.
 */
export async function checkConnection(signal?: AbortSignal): Promise<BadgeState> {
  let res: Response;
  try {
    res = await fetch('/api/test_api.php', { cache: 'no-store', signal, credentials: 'same-origin' });
  } catch {
    return { kind: 'disconnected' };
  }
  const body = (await res.json().catch(() => null)) as { database?: { connection?: string } } | null;
  const connection = body?.database?.connection;
  if (connection === 'successful' && res.ok) return { kind: 'connected' };
  if (connection) return { kind: 'disconnected' };
  return { kind: 'http-error', text: res.statusText || `HTTP ${res.status}` };
}

/** The header badge's reading, every 30 s (also when the tab is in the background it waits). */
export function useConnectionBadge(): BadgeState {
  const q = useQuery({
    queryKey: ['connection-badge'],
    queryFn: ({ signal }) => checkConnection(signal),
    refetchInterval: STATUS_CHECK_INTERVAL_MS,
    retry: false,
    staleTime: 0,
    networkMode: 'always',
  });
  return q.data ?? { kind: 'checking' };
}

export const badgeText = (s: BadgeState) =>
  s.kind === 'checking'
    ? 'Checking Connection...'
    : s.kind === 'connected'
      ? 'Database Connected'
      : s.kind === 'disconnected'
        ? 'Database Disconnected'
        : s.text;

export interface EndpointCheck {
  name: string;
  status: number | null;
  ms: number;
  ok: boolean;
}

async function timed(name: string, url: string, method: string): Promise<EndpointCheck> {
  const start = performance.now();
  try {
    const res = await fetch(url, { method, cache: 'no-store', credentials: 'same-origin' });
    return { name, status: res.status, ms: Math.round(performance.now() - start), ok: res.ok };
  } catch {
    return { name, status: null, ms: Math.round(performance.now() - start), ok: false };
  }
}

/** Run API Health Check: times GET get_batches.php and OPTIONS login.php (spec 7), one after the other. */
export async function runApiHealthCheck(): Promise<{ results: EndpointCheck[]; failed: number; loginMissing: boolean }> {
  const results = [await timed('get_batches.php', '/api/get_batches.php', 'GET'), await timed('login.php', '/api/login.php', 'OPTIONS')];
  return { results, failed: results.filter((r) => !r.ok).length, loginMissing: results[1]!.status === 404 };
}

export const healthSummary = (failed: number, total: number) =>
  failed ? `${failed} out of ${total} endpoints have issues` : 'All endpoints are working correctly.';
