import { useQuery } from '@tanstack/react-query';
import type { ExamAttemptView, ExamCard } from '@learn/shared';
import { api } from '../../../lib/api-client';

export const examListKey = (courseId: string) => ['exams', 'student', courseId] as const;

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
  return useQuery({
    queryKey: ['exams', 'attempt', examId ?? ''] as const,
    queryFn: ({ signal }) => api<ExamAttemptView>(`exams/${encodeURIComponent(examId!)}/attempt`, { method: 'POST', signal }),
    enabled: !!examId,
    // Opened afresh on every visit (a review shows the latest grade); never refetched behind an open page.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
