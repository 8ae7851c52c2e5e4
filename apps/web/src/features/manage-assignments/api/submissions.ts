import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradeLetter, GuideSubmissionsResponse, SubmissionView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';

export type ReviewFilter = 'all' | 'pending';

/** GET /api/homework/submissions?courseId=&status= — a course's current submissions with history (guides). */
export function useCourseSubmissions(courseId: string | undefined, status: ReviewFilter) {
  return useQuery({
    queryKey: ['homework', 'review', courseId ?? '', status],
    queryFn: ({ signal }) =>
      api<GuideSubmissionsResponse>(`homework/submissions?courseId=${encodeURIComponent(courseId!)}&status=${status}`, { signal }),
    enabled: !!courseId,
  });
}

/** PUT /api/homework/submissions/:id/grade — the letter and feedback replace the previous grade. */
export function useGradeSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    // A PUT/PATCH that sets a whole value: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, grade, feedback }: { id: number; grade: GradeLetter; feedback: string }) =>
      api<SubmissionView>(`homework/submissions/${id}/grade`, { method: 'PUT', body: { grade, feedback } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['homework', 'review'] }),
  });
}

/** GET /api/homework/gradebook.csv?courseId= — the course's gradebook; a plain link downloads it with the session cookie. */
export const gradebookUrl = (courseId: string) => `/api/homework/gradebook.csv?courseId=${encodeURIComponent(courseId)}`;
