import { RECENT_GRADES_SHOWN, BADGES_SHOWN, type GuideDashboard, type StudentDashboard, type GradeItem } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError } from '../../platform/errors.js';
import { accessibleLectureIds, completedLectureIds, findCourse, listLectureHeads } from '../courses/repository.js';
import { listAwards } from '../progress/repository.js';
import { gradedExams, gradedHomework, pendingHomeworkCount, studentsWithCompletions } from './repository.js';
import { canReadGuideDashboard, canReadStudentDashboard } from './policy.js';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Graded homework and exams mixed, newest first. Letters carry no numeric value; exams a percentage. */
async function recentGrades(deps: AppDeps, studentId: string, courseId: string, limit: number): Promise<GradeItem[]> {
  const [homework, exams] = await Promise.all([
    gradedHomework(deps.db, studentId, courseId, limit),
    gradedExams(deps.db, studentId, courseId, limit),
  ]);
  const items: GradeItem[] = [
    ...homework.map((r) => ({ kind: 'homework' as const, title: r.title, grade: r.grade!, numeric: null, gradedAt: r.graded_at! })),
    ...exams.map((r) => ({
      kind: 'exam' as const,
      title: `Week ${r.week} Exam`,
      grade: `${r.grade}/${r.max_grade}`,
      numeric: percent(r.grade ?? 0, r.max_grade),
      gradedAt: r.graded_at!,
    })),
  ];
  return items.sort((a, b) => b.gradedAt.localeCompare(a.gradedAt)).slice(0, limit);
}

export async function studentDashboard(deps: AppDeps, actor: Actor, courseId: string): Promise<StudentDashboard> {
  if (!canReadStudentDashboard(actor)) throw authorizationError();
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFoundError('Course not found');
  const lectures = await listLectureHeads(deps.db, courseId);
  const completed = await completedLectureIds(deps.db, actor.id, courseId);
  const accessible = await accessibleLectureIds(deps.db, actor.id, courseId);
  const next = lectures.find((l) => accessible.has(l.id) && !completed.has(l.id));
  return {
    courseId,
    courseTitle: course.title,
    lectureCount: lectures.length,
    completedCount: completed.size,
    percentComplete: percent(completed.size, lectures.length),
    continueLecture: next ? { id: next.id, day: next.day, title: next.title } : null,
    recentGrades: await recentGrades(deps, actor.id, courseId, RECENT_GRADES_SHOWN),
    badges: await listAwards(deps.db, actor.id, BADGES_SHOWN),
  };
}

export async function guideDashboard(deps: AppDeps, actor: Actor, courseId: string): Promise<GuideDashboard> {
  if (!canReadGuideDashboard(actor)) throw authorizationError();
  const course = await findCourse(deps.db, courseId);
  if (!course) throw notFoundError('Course not found');
  const rows = await studentsWithCompletions(deps.db, courseId);
  return {
    courseId,
    courseTitle: course.title,
    lectureCount: course.lectureCount,
    students: rows.map((r) => {
      const done = r.completed;
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        batchName: r.batch_name,
        completedCount: done,
        percentComplete: percent(done, course.lectureCount),
        lastLogin: r.last_login,
      };
    }),
    pendingHomework: await pendingHomeworkCount(deps.db, courseId),
    pendingExams: 0,
  };
}
