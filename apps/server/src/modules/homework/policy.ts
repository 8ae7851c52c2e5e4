import type { Actor } from '../../platform/authenticate.js';

/** Whose homework grants are worth looking up: a student's (guides neither check nor submit). */
export function worksOnHomework(actor: Actor): boolean {
  return actor.role === 'student';
}

/** A student works on homework of lectures whose assignment they were granted; guides do not submit. */
export function canSubmitHomework(actor: Actor, hasGrant: boolean): boolean {
  return worksOnHomework(actor) && hasGrant;
}

/** A student reads only their own submissions; guides read every one. */
export function canReadSubmission(actor: Actor, studentId: string): boolean {
  return actor.role === 'guide' || actor.id === studentId;
}

/** Guides review: they list a course's submissions and grade them. */
export function canReviewHomework(actor: Actor): boolean {
  return actor.role === 'guide';
}

/** Whether hidden tests (their input and expected output) may be shown: to guides only. */
export function seesHiddenTests(actor: Actor): boolean {
  return actor.role === 'guide';
}
