import { useQueryClient } from '@tanstack/react-query';
import type { ExamQuestion } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** GET /api/exams/blank-question?type= — a new question of that type with a fresh id and the server's defaults. */
export function getBlankQuestion(type: ExamQuestion['type'], signal?: AbortSignal) {
  return api<ExamQuestion>(`exams/blank-question?type=${type}`, { signal });
}

/** Fetches a blank question through the query client (its retry policy), never from cache: each has a new id. */
export function useBlankQuestion() {
  const queryClient = useQueryClient();
  return (type: ExamQuestion['type']) =>
    queryClient.fetchQuery({
      queryKey: ['exams', 'blank-question', type],
      queryFn: ({ signal }) => getBlankQuestion(type, signal),
      staleTime: 0,
      gcTime: 0,
    });
}
