import type { StudentProgress } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError } from '../../platform/errors.js';
import { findStudent } from '../people/repository.js';
import { listCourses } from '../courses/repository.js';
import { listAwards, listCompletedLectures } from './repository.js';
import { canReadProgress } from './policy.js';

/** GET /api/students/:id/progress: completions per course, badges, homework and exams. */
export async function studentProgress(deps: AppDeps, actor: Actor, studentId: string): Promise<StudentProgress> {
  if (!canReadProgress(actor, studentId)) throw authorizationError();
  const student = await findStudent(deps.db, studentId);
  if (!student) throw notFoundError('Student not found');
  const completions = await listCompletedLectures(deps.db, studentId);
  const courses = (await listCourses(deps.db)).map((c) => ({
    courseId: c.id,
    title: c.title,
    lectureCount: c.lectureCount,
    completed: completions
      .filter((r) => r.course_id === c.id)
      .map((r) => ({ lectureId: r.id, day: r.day, title: r.title, completedAt: r.completed_at })),
  }));
  // Homework and exam results join here as those features land.
  return { student, courses, badges: await listAwards(deps.db, studentId), homework: [], exams: [] };
}
