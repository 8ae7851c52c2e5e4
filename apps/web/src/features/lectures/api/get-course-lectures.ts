import { useQuery } from '@tanstack/react-query';
import type { CourseLecturesResponse } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/course-selection';

/** GET /api/courses/:courseId/lectures — the sidebar list with access and completion per lecture. */
export function useCourseLectures(courseId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.lectures(courseId ?? ''),
    queryFn: () => api<CourseLecturesResponse>(`courses/${encodeURIComponent(courseId!)}/lectures`),
    enabled: !!courseId,
  });
}
