import type { AccessKind } from '@learn/shared';
import type { Actor } from '../../platform/authenticate.js';

/**
 * Who may see what of a lecture (platform-core.md section 6). Pure: the caller loads the student's grants.
 * Key concepts and the quiz are always visible to anyone who may open the lecture.
 */
export function canOpenLecture(actor: Actor, grants: ReadonlySet<AccessKind>): boolean {
  return actor.role === 'guide' || grants.size > 0;
}

export function visibleSections(actor: Actor, grants: ReadonlySet<AccessKind>): Record<AccessKind, boolean> {
  const all = actor.role === 'guide';
  return { explanation: all || grants.has('explanation'), code: all || grants.has('code'), assignment: all || grants.has('assignment') };
}

/** Only a student who may open the lecture records its completion. */
export function canCompleteLecture(actor: Actor, grants: ReadonlySet<AccessKind>): boolean {
  return actor.role === 'student' && grants.size > 0;
}

export function canEditContent(actor: Actor): boolean {
  return actor.role === 'guide';
}

/** Any signed-in user may list the courses (the list names them; lectures are checked one by one). */
export function canListCourses(_actor: Actor): boolean {
  return true;
}

/** Guides see every lecture whole, with no grants to load; students through their grants. */
export function seesAllLectures(actor: Actor): boolean {
  return actor.role === 'guide';
}

/** Only students have completions to show. */
export function hasCompletions(actor: Actor): boolean {
  return actor.role === 'student';
}
