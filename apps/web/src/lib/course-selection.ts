import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CoursePrefix, CoursesResponse, CourseSummary } from '@learn/shared';
import { api } from './api-client';

/**
 * The selected course of each prefix (C and C++ share c-cpp), remembered in the browser under
 * `selectedCourseId_{prefix}` — a UI preference, nothing the server relies on. Defaults to the first
 * course of the prefix.
 */
const key = (prefix: string) => `selectedCourseId_${prefix}`;
const listeners = new Set<() => void>();

function read(prefix: string): string | null {
  try {
    return localStorage.getItem(key(prefix));
  } catch {
    return null;
  }
}

export function useCourses(prefix: CoursePrefix) {
  return useQuery({
    queryKey: ['courses', prefix],
    queryFn: () => api<CoursesResponse>(`courses?prefix=${prefix}`).then((r) => r.courses),
    staleTime: 5 * 60_000,
  });
}

export function useSelectedCourse(prefix: CoursePrefix): {
  course: CourseSummary | undefined;
  courses: CourseSummary[];
  isLoading: boolean;
  error: unknown;
  select: (courseId: string) => void;
} {
  const query = useCourses(prefix);
  const stored = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => read(prefix),
  );
  const courses = useMemo(() => query.data ?? [], [query.data]);
  const course = courses.find((c) => c.id === stored) ?? courses[0];

  const select = useCallback(
    (courseId: string) => {
      try {
        localStorage.setItem(key(prefix), courseId);
      } catch {
        /* storage unavailable: the choice lasts for this page only */
      }
      listeners.forEach((l) => l());
    },
    [prefix],
  );

  // A remembered course that no longer exists falls back to the first.
  useEffect(() => {
    if (stored && courses.length && !courses.some((c) => c.id === stored)) select(courses[0]!.id);
  }, [stored, courses, select]);

  return { course, courses, isLoading: query.isLoading, error: query.error, select };
}

/** The course a lecture id belongs to is known from the sidebar list; query keys shared by features. */
export const queryKeys = {
  lectures: (courseId: string) => ['course-lectures', courseId] as const,
  lecture: (lectureId: string) => ['lecture', lectureId] as const,
  studentDashboard: (courseId: string) => ['dashboard', 'student', courseId] as const,
  guideDashboard: (courseId: string) => ['dashboard', 'guide', courseId] as const,
  /** The student's exam cards: completing a lecture, opening, leaving or submitting an exam changes them. */
  studentExams: (courseId: string) => ['exams', 'student', courseId] as const,
};
