import type { AccessChange } from '@learn/shared';
import type { AppDeps } from '../../app.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, validationError } from '../../platform/errors.js';
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
  return deps.db.transaction().execute(async (trx) => {
    const students = new Set<string>();
    for (let i = 0; i < studentIds.length; i += 500) {
      const rows = await trx.selectFrom('users').select('id').where('role', '=', 'student').where('id', 'in', studentIds.slice(i, i + 500)).execute();
      rows.forEach((r) => students.add(r.id));
    }
    const lectures = new Set<string>();
    for (let i = 0; i < lectureIds.length; i += 500) {
      const rows = await trx.selectFrom('lectures').select('id').where('id', 'in', lectureIds.slice(i, i + 500)).execute();
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
}
