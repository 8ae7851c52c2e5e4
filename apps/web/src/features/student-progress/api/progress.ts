import { useQuery } from '@tanstack/react-query';
import type { StudentProgress, StudentRow } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** The roster for the student picker. */
export function useStudentList() {
  return useQuery({
    queryKey: ['student-progress', 'students'],
    queryFn: ({ signal }) => api<{ students: StudentRow[] }>('students', { signal }).then((r) => r.students),
    staleTime: 30_000,
  });
}

/** GET /api/students/:id/progress: lectures completed per course, badges, homework and exams. */
export function useStudentProgress(studentId: string | null) {
  return useQuery({
    queryKey: ['student-progress', 'progress', studentId],
    queryFn: ({ signal }) => api<StudentProgress>(`students/${encodeURIComponent(studentId!)}/progress`, { signal }),
    enabled: !!studentId,
  });
}
