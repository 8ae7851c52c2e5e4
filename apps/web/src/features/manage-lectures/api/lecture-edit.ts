import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LectureEdit, LectureEditView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';
import { queryKeys } from '../../../lib/course-selection';

export const lectureEditKey = (lectureId: string) => ['lecture-edit', lectureId] as const;

/** GET /api/lectures/:lectureId/edit — the editable lecture with the quiz answer key (guides only). */
export function useLectureEdit(lectureId: string | undefined) {
  return useQuery({
    queryKey: lectureEditKey(lectureId ?? ''),
    queryFn: ({ signal }) => api<LectureEditView>(`lectures/${encodeURIComponent(lectureId!)}/edit`, { signal }),
    enabled: !!lectureId,
    // The editor keeps its own copy of the text; refetching under it would only confuse.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** PUT /api/lectures/:lectureId/edit; on success the lecture's cached views are refreshed. */
export function useSaveLecture(lectureId: string, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: (body: LectureEdit) => api<LectureEditView>(`lectures/${encodeURIComponent(lectureId)}/edit`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(lectureEditKey(lectureId), saved);
      void client.invalidateQueries({ queryKey: queryKeys.lectures(courseId) });
      void client.invalidateQueries({ queryKey: queryKeys.lecture(lectureId) });
    },
  });
}
