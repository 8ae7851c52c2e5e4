import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StudentProgress } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { findStudent } from '../people/repository.js';
import { listCourses } from '../courses/repository.js';
import { listAwards } from './repository.js';

/** A guide may read any student's progress; a student only their own (platform-core.md section 6). */
export function canReadProgress(actor: Actor, studentId: string): boolean {
  return actor.role === 'guide' || actor.id === studentId;
}

export async function studentProgress(deps: AppDeps, actor: Actor, studentId: string): Promise<StudentProgress> {
  if (!canReadProgress(actor, studentId)) throw authorizationError();
  const student = await findStudent(deps.db, studentId);
  if (!student) throw notFoundError('Student not found');
  const completions = await deps.db
    .selectFrom('lecture_completions')
    .innerJoin('lectures', 'lectures.id', 'lecture_completions.lecture_id')
    .select(['lectures.course_id', 'lectures.id', 'lectures.day', 'lectures.title', 'lecture_completions.completed_at'])
    .where('lecture_completions.student_id', '=', studentId)
    .orderBy('lectures.day')
    .execute();
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

export function studentProgressRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/students/:id/progress', async (request) => {
    const { id } = parse(z.object({ id: z.string().min(1).max(100) }), request.params);
    return studentProgress(deps, requireActor(request), id);
  });
}
