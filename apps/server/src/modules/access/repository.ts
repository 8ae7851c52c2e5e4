import type { AccessKind } from '@learn/shared';
import type { Executor } from '../../db/executor.js';

const CHUNK = 500;

async function existing(ids: string[], find: (chunk: string[]) => Promise<{ id: string }[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) (await find(ids.slice(i, i + CHUNK))).forEach((r) => found.add(r.id));
  return found;
}

/** Which of these ids are students (in chunks: a change set may name thousands). */
export function existingStudentIds(db: Executor, ids: string[]): Promise<Set<string>> {
  return existing(ids, (chunk) => db.selectFrom('users').select('id').where('role', '=', 'student').where('id', 'in', chunk).execute());
}

export function existingLectureIds(db: Executor, ids: string[]): Promise<Set<string>> {
  return existing(ids, (chunk) => db.selectFrom('lectures').select('id').where('id', 'in', chunk).execute());
}

/** True when this call added the grant. */
export async function grant(db: Executor, studentId: string, lectureId: string, kind: AccessKind, by: string, at: Date): Promise<boolean> {
  const r = await db
    .insertInto('access_grants')
    .values({ student_id: studentId, lecture_id: lectureId, kind, granted_by: by, granted_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['student_id', 'lecture_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when this call removed the grant. */
export async function revoke(db: Executor, studentId: string, lectureId: string, kind: AccessKind): Promise<boolean> {
  const r = await db
    .deleteFrom('access_grants')
    .where('student_id', '=', studentId)
    .where('lecture_id', '=', lectureId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0) > 0;
}

export function courseLectures(db: Executor, courseId: string) {
  return db.selectFrom('lectures').select(['id', 'day', 'title']).where('course_id', '=', courseId).orderBy('day').execute();
}

export async function courseExists(db: Executor, courseId: string): Promise<boolean> {
  return !!(await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst());
}

export function allStudents(db: Executor) {
  return db.selectFrom('users').select(['id', 'name', 'batch_id']).where('role', '=', 'student').orderBy('name').orderBy('id').execute();
}

export function courseGrants(db: Executor, courseId: string) {
  return db
    .selectFrom('access_grants')
    .innerJoin('lectures', 'lectures.id', 'access_grants.lecture_id')
    .select(['access_grants.student_id', 'access_grants.lecture_id', 'access_grants.kind'])
    .where('lectures.course_id', '=', courseId)
    .orderBy('lectures.day')
    .execute();
}
