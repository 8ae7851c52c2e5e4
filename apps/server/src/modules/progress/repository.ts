import { badges, type BadgeAward } from '@learn/shared';

import type { Executor } from '../../db/executor.js';

/** Records a completion once; true when this call recorded it. */
export async function insertCompletion(db: Executor, studentId: string, lectureId: string, at: Date): Promise<boolean> {
  const r = await db
    .insertInto('lecture_completions')
    .values({ student_id: studentId, lecture_id: lectureId, completed_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['student_id', 'lecture_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Awards a badge once; true when this call awarded it. */
export async function insertAward(db: Executor, studentId: string, badgeId: string, at: Date): Promise<boolean> {
  const r = await db
    .insertInto('badge_awards')
    .values({ student_id: studentId, badge_id: badgeId, awarded_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['student_id', 'badge_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countCompletions(db: Executor, studentId: string, courseId?: string): Promise<number> {
  let q = db
    .selectFrom('lecture_completions')
    .innerJoin('lectures', 'lectures.id', 'lecture_completions.lecture_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('lecture_completions.student_id', '=', studentId);
  if (courseId) q = q.where('lectures.course_id', '=', courseId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function countLectures(db: Executor, courseId: string): Promise<number> {
  const r = await db
    .selectFrom('lectures')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A student's badges, newest first. */
export async function listAwards(db: Executor, studentId: string, limit?: number): Promise<BadgeAward[]> {
  let q = db
    .selectFrom('badge_awards')
    .select(['badge_id', 'awarded_at'])
    .where('student_id', '=', studentId)
    .orderBy('awarded_at', 'desc')
    .orderBy('badge_id', 'desc');
  if (limit) q = q.limit(limit);
  const rows = await q.execute();
  return rows.flatMap((r) => {
    const badge = badges.find((b) => b.id === r.badge_id);
    return badge ? [{ ...badge, awardedAt: r.awarded_at }] : [];
  });
}

/** A student's completed lectures of every course, by day. */
export function listCompletedLectures(db: Executor, studentId: string) {
  return db
    .selectFrom('lecture_completions')
    .innerJoin('lectures', 'lectures.id', 'lecture_completions.lecture_id')
    .select(['lectures.course_id', 'lectures.id', 'lectures.day', 'lectures.title', 'lecture_completions.completed_at'])
    .where('lecture_completions.student_id', '=', studentId)
    .orderBy('lectures.day')
    .execute();
}

/** Badges whose "Achievement Unlocked!" dialog the student has not closed yet, oldest first. */
export async function listUnseenAwards(db: Executor, studentId: string): Promise<BadgeAward[]> {
  const rows = await db
    .selectFrom('badge_awards')
    .select(['badge_id', 'awarded_at'])
    .where('student_id', '=', studentId)
    .where('seen_at', 'is', null)
    .orderBy('awarded_at')
    .orderBy('badge_id')
    .execute();
  return rows.flatMap((r) => {
    const badge = badges.find((b) => b.id === r.badge_id);
    return badge ? [{ ...badge, awardedAt: r.awarded_at }] : [];
  });
}

/** The student closed a badge's dialog; true when the badge was awarded and not yet seen. */
export async function markAwardSeen(db: Executor, studentId: string, badgeId: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('badge_awards')
    .set({ seen_at: at.toISOString() })
    .where('student_id', '=', studentId)
    .where('badge_id', '=', badgeId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) > 0;
}
