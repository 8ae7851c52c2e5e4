import type { AccessChange, AccessMatrix } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, validationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { canManageAccess } from './policy.js';

/**
 * Applies one change set of grants and revocations in one transaction, recorded in the audit log.
 * Grants are read on every request, so a change takes effect on the student's next request.
 */
export async function applyAccessChanges(deps: AppDeps, actor: Actor, changes: AccessChange[]): Promise<{ applied: number }> {
  if (!canManageAccess(actor)) throw authorizationError();
  const studentIds = [...new Set(changes.map((c) => c.studentId))];
  const lectureIds = [...new Set(changes.map((c) => c.lectureId))];
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const students = new Set<string>();
    for (let i = 0; i < studentIds.length; i += 500) {
      const rows = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'student')
        .where('id', 'in', studentIds.slice(i, i + 500))
        .execute();
      rows.forEach((r) => students.add(r.id));
    }
    const lectures = new Set<string>();
    for (let i = 0; i < lectureIds.length; i += 500) {
      const rows = await trx
        .selectFrom('lectures')
        .select('id')
        .where('id', 'in', lectureIds.slice(i, i + 500))
        .execute();
      rows.forEach((r) => lectures.add(r.id));
    }
    const unknownStudent = studentIds.find((s) => !students.has(s));
    if (unknownStudent) throw validationError(`Unknown student: ${unknownStudent}`);
    const unknownLecture = lectureIds.find((l) => !lectures.has(l));
    if (unknownLecture) throw validationError(`Unknown lecture: ${unknownLecture}`);

    let applied = 0;
    for (const c of changes) {
      if (c.granted) {
        const r = await trx
          .insertInto('access_grants')
          .values({ student_id: c.studentId, lecture_id: c.lectureId, kind: c.kind, granted_by: actor.id, granted_at: now.toISOString() })
          .onConflict((oc) => oc.columns(['student_id', 'lecture_id', 'kind']).doNothing())
          .executeTakeFirst();
        applied += Number(r.numInsertedOrUpdatedRows ?? 0);
      } else {
        const r = await trx
          .deleteFrom('access_grants')
          .where('student_id', '=', c.studentId)
          .where('lecture_id', '=', c.lectureId)
          .where('kind', '=', c.kind)
          .executeTakeFirst();
        applied += Number(r.numDeletedRows ?? 0);
      }
    }
    await audit(trx, { actorId: actor.id, action: 'access.change', details: { requested: changes.length, applied }, at: now });
    return { applied };
  });
  // After the commit: each affected student's open pages refresh their lecture list.
  for (const studentId of studentIds) await deps.pubsub.publish({ type: 'access.changed', studentId });
  return result;
}

/** The Course Access matrix: the course's lectures, all students, and who holds which grant. */
export async function accessMatrix(deps: AppDeps, actor: Actor, courseId: string): Promise<AccessMatrix> {
  if (!canManageAccess(actor)) throw authorizationError();
  const lectures = await deps.db
    .selectFrom('lectures')
    .select(['id', 'day', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('day')
    .execute();
  if (lectures.length === 0 && !(await deps.db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst()))
    throw notFoundError('Course not found');
  const students = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'batch_id'])
    .where('role', '=', 'student')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const rows = await deps.db
    .selectFrom('access_grants')
    .innerJoin('lectures', 'lectures.id', 'access_grants.lecture_id')
    .select(['access_grants.student_id', 'access_grants.lecture_id', 'access_grants.kind'])
    .where('lectures.course_id', '=', courseId)
    .orderBy('lectures.day')
    .execute();
  const grants: AccessMatrix['grants'] = { explanation: {}, code: {}, assignment: {} };
  for (const r of rows) (grants[r.kind][r.student_id] ??= []).push(r.lecture_id);
  return { courseId, lectures, students: students.map((s) => ({ id: s.id, name: s.name, batchId: s.batch_id })), grants };
}
