import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExamAttemptView, ExamCard } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/course-selection';

export const examListKey = queryKeys.studentExams;

/**
 * The exam cards changed (an attempt opened, left or submitted): dropped, not just marked stale, so the
 * list never shows the old card ("Start Exam" for a started exam) while it reloads.
 */
export function resetExamLists(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['exams', 'student'] });
}

/** GET /api/exams?courseId= — one card per exam with its lock state and the student's status. */
export function useExamList(courseId: string | undefined) {
  return useQuery({
    queryKey: examListKey(courseId ?? ''),
    queryFn: ({ signal }) => api<{ exams: ExamCard[] }>(`exams?courseId=${encodeURIComponent(courseId!)}`, { signal }),
    enabled: !!courseId,
  });
}

/** POST /api/exams/:id/attempt — opens the exam (the server creates the attempt and starts the clock once). */
export function useAttempt(examId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['exams', 'attempt', examId ?? ''] as const,
    queryFn: async ({ signal }) => {
      const view = await api<ExamAttemptView>(`exams/${encodeURIComponent(examId!)}/attempt`, { method: 'POST', signal });
      // Opening may have started the attempt (or submitted an overdue one): the cards say so at once.
      resetExamLists(queryClient);
      return view;
    },
    enabled: !!examId,
    // Opened afresh on every visit (a review shows the latest grade); never refetched behind an open page.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
