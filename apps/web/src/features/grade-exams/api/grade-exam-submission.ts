import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamGrade } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { idempotentRetry } from '../../../lib/retry-policy';
import { examSubmissionsKey } from './get-exam-submissions';

/** PUT /api/exam-submissions/:id/grade — the scores and feedback replace the previous grade. */
export function gradeExamSubmission(submissionId: number, grade: ExamGrade) {
  return api<unknown>(`exam-submissions/${submissionId}/grade`, { method: 'PUT', body: grade });
}

export function useGradeExamSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    // Sets the whole grade: sending it twice leaves the same result.
    ...idempotentRetry,
    mutationFn: ({ id, grade }: { id: number; grade: ExamGrade }) => gradeExamSubmission(id, grade),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examSubmissionsKey }),
  });
}
