import { useMutation } from '@tanstack/react-query';
import type { ExamCheckResult } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** POST /api/exams/:id/attempt/check: the answer against the question's sample test only. */
export function useCheckAnswer(examId: string) {
  return useMutation({
    mutationFn: (body: { questionId: string; code: string }) =>
      api<ExamCheckResult>(`exams/${encodeURIComponent(examId)}/attempt/check`, { method: 'POST', body, timeoutMs: 120_000 }),
  });
}
