import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { STATUS_CHECK_INTERVAL_MS } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** GET /api/test_api.php (public): the old health call. */
export interface TestApiResponse {
  success: boolean;
  message: string;
  database?: { connection?: 'successful' | 'failed' | string; batch_count?: number };
}

export type ConnectionStatus = 'connected' | 'failed' | 'testing' | 'unknown';

export const connectionKey = ['batches', 'connection'] as const;

/** What the indicator reads from a health check (spec 8: Connected / Connection Failed / Testing / Unknown). */
export function connectionStatus(
  q: { data?: TestApiResponse; isError: boolean; isPending: boolean; fetchStatus: string },
  retrying = false,
): ConnectionStatus {
  // The quiet 30 s re-checks keep the last reading; the first check and a Retry show Testing.
  if (q.fetchStatus === 'fetching' && (q.isPending || retrying)) return 'testing';
  if (q.fetchStatus === 'paused' && q.isPending) return 'unknown';
  if (q.isError) return 'failed';
  const c = q.data?.database?.connection;
  if (c === 'successful' && q.data?.success) return 'connected';
  if (c === 'failed' || q.data?.success === false) return 'failed';
  return 'unknown';
}

/** Checked on load and every 30 s; one attempt each time, so a failure shows at once. */
export function useConnection() {
  const query = useQuery({
    queryKey: connectionKey,
    queryFn: ({ signal }) => api<TestApiResponse>('test_api.php', { signal, timeoutMs: 8000 }),
    refetchInterval: STATUS_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
  const [retrying, setRetrying] = useState(false);
  const { refetch } = query;
  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      await refetch();
    } finally {
      setRetrying(false);
    }
  }, [refetch]);
  return { query, status: connectionStatus(query, retrying), retry };
}
