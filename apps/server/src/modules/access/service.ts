import type { AccessChange, AccessMatrix } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, validationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { canManageAccess } from './policy.js';
import * as repo from './repository.js';

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
    const students = await repo.existingStudentIds(trx, studentIds);
    const lectures = await repo.existingLectureIds(trx, lectureIds);
    const unknownStudent = studentIds.find((s) => !students.has(s));
    if (unknownStudent) throw validationError(`Unknown student: ${unknownStudent}`);
    const unknownLecture = lectureIds.find((l) => !lectures.has(l));
    if (unknownLecture) throw validationError(`Unknown lecture: ${unknownLecture}`);

    let applied = 0;
    for (const c of changes) {
      const changed = c.granted
        ? await repo.grant(trx, c.studentId, c.lectureId, c.kind, actor.id, now)
        : await repo.revoke(trx, c.studentId, c.lectureId, c.kind);
      if (changed) applied++;
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
  const lectures = await repo.courseLectures(deps.db, courseId);
  if (lectures.length === 0 && !(await repo.courseExists(deps.db, courseId))) throw notFoundError('Course not found');
  const students = await repo.allStudents(deps.db);
  const rows = await repo.courseGrants(deps.db, courseId);
  const grants: AccessMatrix['grants'] = { explanation: {}, code: {}, assignment: {} };
  for (const r of rows) (grants[r.kind][r.student_id] ??= []).push(r.lecture_id);
  return { courseId, lectures, students: students.map((s) => ({ id: s.id, name: s.name, batchId: s.batch_id })), grants };
}
