import { useQuery } from '@tanstack/react-query';
import type { StudentExamQuestion } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** GET /api/exams/:id/preview — the saved exam as a student sees it. */
export function getExamPreview(examId: string, signal?: AbortSignal) {
  return api<{ title: string; questions: StudentExamQuestion[] }>(`exams/${encodeURIComponent(examId)}/preview`, { signal });
}

export function useExamPreview(examId: string | null) {
  return useQuery({
    queryKey: ['exams', 'preview', examId],
    queryFn: ({ signal }) => getExamPreview(examId!, signal),
    enabled: !!examId,
  });
}
