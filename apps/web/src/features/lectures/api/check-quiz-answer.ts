import { useMutation } from '@tanstack/react-query';
import type { QuizCheckResult } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** POST /api/lectures/:lectureId/quiz/:index/check — the answer key never reaches the browser. */
export function useCheckQuizAnswer(lectureId: string, index: number) {
  return useMutation({
    mutationFn: (answer: number) =>
      api<QuizCheckResult>(`lectures/${encodeURIComponent(lectureId)}/quiz/${index}/check`, { method: 'POST', body: { answer } }),
  });
}
