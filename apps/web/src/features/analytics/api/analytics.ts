import { useQuery } from '@tanstack/react-query';
import type { AnalyticsResult, BatchRow } from '@learn/shared';
import { api } from '../../../lib/api-client';

export type Analytics = AnalyticsResult & { inactiveCount: number };

const query = (courseId: string, batchId: string | null) =>
  `courseId=${encodeURIComponent(courseId)}${batchId ? `&batchId=${encodeURIComponent(batchId)}` : ''}`;

/** GET /api/analytics: the figures, computed on the server. */
export function useAnalytics(courseId: string | undefined, batchId: string | null) {
  return useQuery({
    queryKey: ['analytics', courseId ?? '', batchId ?? ''],
    queryFn: ({ signal }) => api<Analytics>(`analytics?${query(courseId!, batchId)}`, { signal }),
    enabled: !!courseId,
  });
}

/** The batches, for the filter. */
export function useBatchOptions() {
  return useQuery({
    queryKey: ['analytics', 'batches'],
    queryFn: ({ signal }) => api<{ batches: BatchRow[] }>('batches', { signal }).then((r) => r.batches),
    staleTime: 60_000,
  });
}

/** The CSV export's address (a plain download; the session cookie goes with it). */
export const csvUrl = (courseId: string, batchId: string | null) => `/api/analytics/export.csv?${query(courseId, batchId)}`;
