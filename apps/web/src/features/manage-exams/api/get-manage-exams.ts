import { useQuery } from '@tanstack/react-query';
import type { ExamView } from '@learn/shared';
import { api } from '../../../lib/api-client';

export const manageExamsKey = (courseId: string) => ['exams', 'manage', courseId] as const;

/** GET /api/exams/manage?courseId= — a course's exams with their questions and attempt counts (guides). */
export function getManageExams(courseId: string, signal?: AbortSignal) {
  return api<{ exams: ExamView[] }>(`exams/manage?courseId=${encodeURIComponent(courseId)}`, { signal });
}

export function useManageExams(courseId: string | undefined) {
  return useQuery({
    queryKey: manageExamsKey(courseId ?? ''),
    queryFn: ({ signal }) => getManageExams(courseId!, signal),
    enabled: !!courseId,
  });
}
