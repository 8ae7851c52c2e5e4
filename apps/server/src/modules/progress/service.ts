import { badges, type CompleteLectureResult, type UnseenBadgesResponse } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError } from '../../platform/errors.js';
import { findLecture, grantsFor } from '../courses/repository.js';
import { canCompleteLecture } from '../courses/policy.js';
import * as repo from './repository.js';
import { badgesForCompletion } from './badge-rules.js';
import { completesLectures, completionRefusal, seesBadgeDialogs } from './policy.js';

/**
 * Records that a student completed a lecture (once), and awards the badges it earns. Returns only the
 * badges awarded by this call, so the dialog shows each award once.
 */
export async function completeLecture(deps: AppDeps, actor: Actor, lectureId: string): Promise<CompleteLectureResult> {
  const lecture = await findLecture(deps.db, lectureId);
  if (!lecture) throw notFoundError('Lecture not found');
  const grants = completesLectures(actor) ? await grantsFor(deps.db, actor.id, lectureId) : new Set<never>();
  if (!canCompleteLecture(actor, grants)) throw authorizationError(completionRefusal(actor));
  const now = deps.clock.now();
  let recorded = false;
  const awarded = await deps.db.transaction().execute(async (trx) => {
    recorded = await repo.insertCompletion(trx, actor.id, lectureId, now);
    const earned = badgesForCompletion({
      totalCompleted: await repo.countCompletions(trx, actor.id),
      courseId: lecture.courseId,
      courseCompleted: await repo.countCompletions(trx, actor.id, lecture.courseId),
      courseLectures: await repo.countLectures(trx, lecture.courseId),
    });
    const fresh: string[] = [];
    for (const id of earned) if (await repo.insertAward(trx, actor.id, id, now)) fresh.push(id);
    return fresh;
  });
  if (recorded) await deps.pubsub.publish({ type: 'progress.changed', studentId: actor.id, lectureId });
  return {
    completed: true,
    newBadges: awarded.map((id) => ({ ...badges.find((b) => b.id === id)!, awardedAt: now.toISOString() })),
  };
}

/** GET /api/badges/unseen: the badges to announce on the student's next page, each until its dialog is closed. */
export async function unseenBadges(deps: AppDeps, actor: Actor): Promise<UnseenBadgesResponse> {
  if (!seesBadgeDialogs(actor)) throw authorizationError('Only students earn badges.');
  return { badges: await repo.listUnseenAwards(deps.db, actor.id) };
}

/** POST /api/badges/:badgeId/seen: the student closed the dialog; it does not show again, on any device. */
export async function badgeSeen(deps: AppDeps, actor: Actor, badgeId: string): Promise<{ seen: true }> {
  if (!seesBadgeDialogs(actor)) throw authorizationError('Only students earn badges.');
  if (!badges.some((b) => b.id === badgeId)) throw notFoundError('Badge not found');
  await repo.markAwardSeen(deps.db, actor.id, badgeId, deps.clock.now());
  return { seen: true };
}

/**
 * Badges another module awards (exams: First Exam, Perfect Score, Bug Squasher). It goes through this
 * service, not the repository, so the progress module stays the one owner of awards.
 */
export interface BadgeAwards {
  /** Awards the badge once; true when this call awarded it. */
  award(studentId: string, badgeId: string, at: Date): Promise<boolean>;
}

export function badgeAwards(deps: Pick<AppDeps, 'db'>): BadgeAwards {
  return { award: (studentId, badgeId, at) => repo.insertAward(deps.db, studentId, badgeId, at) };
}
