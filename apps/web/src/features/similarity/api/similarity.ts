import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SimilarityPairDetail,
  SimilarityPairView,
  SimilarityReport,
  SimilarityReviewRequest,
  SimilarityScopeView,
  SimilaritySettings,
} from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';

const running = (r: SimilarityReport | undefined) => r?.status === 'queued' || r?.status === 'running';

/** GET /api/similarity/scopes — the course's homework tasks and exam code/debug questions. */
export function useSimilarityScopes(courseId: string | undefined) {
  return useQuery({
    queryKey: ['similarity', 'scopes', courseId ?? ''],
    queryFn: ({ signal }) =>
      api<{ scopes: SimilarityScopeView[] }>(`similarity/scopes?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

/**
 * GET /api/similarity/report — asked again every second while the comparison runs, to show its progress.
 * When a comparison finishes, the picker's counts and the review pages' markers are fetched again.
 */
export function useSimilarityReport(scope: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['similarity', 'report', scope ?? ''],
    queryFn: ({ signal }) => api<SimilarityReport>(`similarity/report?scope=${encodeURIComponent(scope!)}`, { signal }),
    enabled: !!scope,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });
  const finishedAt = query.data?.status === 'done' ? query.data.computedAt : null;
  useEffect(() => {
    if (!finishedAt) return;
    void queryClient.invalidateQueries({ queryKey: ['similarity', 'scopes'] });
    void queryClient.invalidateQueries({ queryKey: ['similarity', 'markers'] });
  }, [finishedAt, queryClient]);
  return query;
}

/** POST /api/similarity/report/refresh — compare again now. */
export function useRefreshReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: string) => api<SimilarityReport>('similarity/report/refresh', { method: 'POST', body: { scope } }),
    onSuccess: (report) => queryClient.setQueryData(['similarity', 'report', report.scope], report),
  });
}

/** GET /api/similarity/pairs/:id — both programs and their matching parts. */
export function useSimilarityPair(id: number | null) {
  return useQuery({
    queryKey: ['similarity', 'pair', id],
    queryFn: ({ signal }) => api<SimilarityPairDetail>(`similarity/pairs/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** PUT /api/similarity/pairs/:id/review — mark reviewed with a note, or unmark. */
export function useReviewPair() {
  const queryClient = useQueryClient();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, ...body }: SimilarityReviewRequest & { id: number }) =>
      api<SimilarityPairView>(`similarity/pairs/${id}/review`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['similarity'] }),
  });
}

export function useSimilaritySettings(courseId: string | undefined) {
  return useQuery({
    queryKey: ['similarity', 'settings', courseId ?? ''],
    queryFn: ({ signal }) => api<SimilaritySettings>(`similarity/settings?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

export function useSaveThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: (body: { courseId: string; threshold: number }) => api<SimilaritySettings>('similarity/settings', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['similarity'] }),
  });
}
