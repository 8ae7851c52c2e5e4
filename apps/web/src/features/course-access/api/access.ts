import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessChange, AccessMatrix, BatchRow } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { applyChanges } from '../lib/pending';

export const matrixKey = (courseId: string) => ['course-access', 'matrix', courseId] as const;

/** GET /api/access?courseId=: lectures, students and every grant of the course, in one call. */
export function useAccessMatrix(courseId: string | undefined) {
  return useQuery({
    queryKey: matrixKey(courseId ?? ''),
    queryFn: ({ signal }) => api<AccessMatrix>(`access?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

/** Batch names for the filter and the per-batch actions (the matrix carries only batch ids). */
export function useBatchNames() {
  return useQuery({
    queryKey: ['course-access', 'batches'],
    queryFn: ({ signal }) => api<{ batches: BatchRow[] }>('batches', { signal }).then((r) => r.batches),
    staleTime: 60_000,
  });
}

/** PUT /api/access with the whole change set; on success the cached matrix takes the changes at once. */
export function useSaveAccess(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccessChange[]) => api<{ applied: number }>('access', { method: 'PUT', body: { changes } }),
    onSuccess: (_res, changes) => {
      client.setQueryData<AccessMatrix>(matrixKey(courseId), (m) => (m ? applyChanges(m, changes) : m));
      void client.invalidateQueries({ queryKey: matrixKey(courseId) });
      // The guide's own views of lectures and dashboards may show access too.
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
