import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteLectureResult, LectureView } from '@learn/shared';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/course-selection';

/**
 * POST /api/lectures/:lectureId/complete (students). Afterwards the lecture shows as completed and the
 * sidebar list, the student dashboard (progress, badges, continue card) and the exam cards are refetched.
 */
export function useCompleteLecture(lecture: Pick<LectureView, 'id' | 'courseId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CompleteLectureResult>(`lectures/${encodeURIComponent(lecture.id)}/complete`, { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData<LectureView>(queryKeys.lecture(lecture.id), (old) => (old ? { ...old, completed: true } : old));
      void queryClient.invalidateQueries({ queryKey: queryKeys.lectures(lecture.courseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.studentDashboard(lecture.courseId) });
      // An exam may have unlocked: the cards are dropped so the Exams page never shows the old lock.
      queryClient.removeQueries({ queryKey: queryKeys.studentExams(lecture.courseId) });
    },
  });
}
