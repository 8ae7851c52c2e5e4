import type { Actor } from '../../platform/authenticate.js';

/** A guide may read any student's progress; a student only their own (platform-core.md section 6). */
export function canReadProgress(actor: Actor, studentId: string): boolean {
  return actor.role === 'guide' || actor.id === studentId;
}

/** Only a student's own grants decide whether they may complete a lecture; a guide has none to load. */
export function completesLectures(actor: Actor): boolean {
  return actor.role === 'student';
}

/** Why a completion is refused, in the user's words. */
export function completionRefusal(actor: Actor): string {
  return completesLectures(actor) ? "Your guide hasn't granted you access yet." : 'Only students complete lectures';
}

/** Only students earn badges, so only they have dialogs to see. */
export function seesBadgeDialogs(actor: Actor): boolean {
  return actor.role === 'student';
}
