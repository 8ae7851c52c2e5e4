import { useQuery } from '@tanstack/react-query';
import type { CourseLecturesResponse } from '@learn/shared';
import { api } from './api-client';
import { queryKeys } from './course-selection';

/** GET /api/courses/:courseId/lectures: the sidebar list with access and completion per lecture (one cache entry for every page). */
export function useCourseLectures(courseId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.lectures(courseId ?? ''),
    queryFn: ({ signal }) => api<CourseLecturesResponse>(`courses/${encodeURIComponent(courseId!)}/lectures`, { signal }),
    enabled: !!courseId,
  });
}
