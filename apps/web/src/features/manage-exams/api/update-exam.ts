import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamEdit, ExamView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';

/** PUT /api/exams/:id — title, duration and the whole question list; 409 while students have started unless confirmed. */
export function updateExam(examId: string, edit: ExamEdit) {
  return api<ExamView>(`exams/${encodeURIComponent(examId)}`, { method: 'PUT', body: edit });
}

export function useUpdateExam(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Replaces the whole exam: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: (edit: ExamEdit) => updateExam(examId, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['exams', 'manage'] }),
  });
}
