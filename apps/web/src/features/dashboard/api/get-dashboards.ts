import { useQuery } from '@tanstack/react-query';
import type { GuideDashboard, StudentDashboard } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/course-selection';

/** GET /api/dashboard/student?courseId= — the signed-in student's progress, grades and badges in one course. */
export function useStudentDashboard(courseId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.studentDashboard(courseId ?? ''),
    queryFn: ({ signal }) => api<StudentDashboard>(`dashboard/student?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

/** GET /api/dashboard/guide?courseId= — the course's students with their progress, and what waits for grading. */
export function useGuideDashboard(courseId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.guideDashboard(courseId ?? ''),
    queryFn: ({ signal }) => api<GuideDashboard>(`dashboard/guide?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}
