import { useQuery } from '@tanstack/react-query';
import type { LectureView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/course-selection';

export const getLecture = (lectureId: string) => api<LectureView>(`lectures/${encodeURIComponent(lectureId)}`);

/** GET /api/lectures/:lectureId — fields the student has no grant for are absent. */
export function useLecture(lectureId: string) {
  return useQuery({ queryKey: queryKeys.lecture(lectureId), queryFn: () => getLecture(lectureId) });
}
