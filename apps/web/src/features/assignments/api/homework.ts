import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckResult, HomeworkSubmitRequest, StudentHomeworkResponse, SubmissionView } from '@learn/shared';
import { api } from '../../../lib/api-client';

export const homeworkKey = (courseId: string) => ['homework', 'student', courseId] as const;

/** GET /api/homework?courseId= — the granted assignment tasks (sample test only) and the student's submissions. */
export function useStudentHomework(courseId: string | undefined) {
  return useQuery({
    queryKey: homeworkKey(courseId ?? ''),
    queryFn: ({ signal }) => api<StudentHomeworkResponse>(`homework?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

/** POST /api/homework/check — runs the task's tests now; the outcome is kept as progress, so the list reloads. */
export function useCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeworkSubmitRequest) => api<CheckResult>('homework/check', { method: 'POST', body, timeoutMs: 120_000 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['homework', 'student'] }),
  });
}

/** POST /api/homework/submissions — stored at once; graded in the background. */
export function useSubmit(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeworkSubmitRequest) => api<SubmissionView>('homework/submissions', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeworkKey(courseId) }),
  });
}
