import { useQuery } from '@tanstack/react-query';
import type { ExamSubmissionView } from '@learn/shared';
import { api } from '../../../lib/api-client';

export type SubmissionStatus = 'pending' | 'graded';

/** Every list of exam submissions (for invalidation after a grade). */
export const examSubmissionsKey = ['exams', 'submissions'] as const;

/** GET /api/exam-submissions?courseId=&status= — a course's submitted exams, pending or graded (guides). */
export function getExamSubmissions(courseId: string, status: SubmissionStatus, signal?: AbortSignal) {
  return api<{ submissions: ExamSubmissionView[] }>(`exam-submissions?courseId=${encodeURIComponent(courseId)}&status=${status}`, {
    signal,
  });
}

export function useExamSubmissions(courseId: string | undefined, status: SubmissionStatus) {
  return useQuery({
    queryKey: [...examSubmissionsKey, courseId ?? '', status],
    queryFn: ({ signal }) => getExamSubmissions(courseId!, status, signal),
    enabled: !!courseId,
  });
}
