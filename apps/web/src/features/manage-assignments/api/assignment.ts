import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentEdit, AssignmentView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';
import { queryKeys } from '../../../lib/course-selection';

export const assignmentKey = (lectureId: string) => ['assignment-edit', lectureId] as const;

/** GET /api/lectures/:lectureId/assignment — the tasks with whether each is autograded (guides only). */
export function useAssignment(lectureId: string | undefined) {
  return useQuery({
    queryKey: assignmentKey(lectureId ?? ''),
    queryFn: ({ signal }) => api<AssignmentView>(`lectures/${encodeURIComponent(lectureId!)}/assignment`, { signal }),
    enabled: !!lectureId,
    // The editor keeps its own copy of the text; refetching under it would only confuse.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** PUT /api/lectures/:lectureId/assignment; the lecture page's practice tasks are refreshed after it. */
export function useSaveAssignment(lectureId: string) {
  const client = useQueryClient();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: (body: AssignmentEdit) =>
      api<AssignmentView>(`lectures/${encodeURIComponent(lectureId)}/assignment`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(assignmentKey(lectureId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.lecture(lectureId) });
    },
  });
}
