import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { manageExamsKey } from './get-manage-exams';

/** POST /api/exams — a week's exam with the spec's defaults. Not retried: it creates. */
export function createExam(courseId: string, week: number) {
  return api<ExamView>('exams', { method: 'POST', body: { courseId, week } });
}

export function useCreateExam(courseId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (week: number) => createExam(courseId!, week),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageExamsKey(courseId ?? '') }),
  });
}
