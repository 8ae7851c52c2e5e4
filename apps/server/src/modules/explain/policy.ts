import type { Actor } from '../../platform/authenticate.js';

/**
 * Who may ask for an AI explanation: every signed-in user (students are the audience; guides try it out),
 * except a student during an exam attempt. Exams don't exist yet: the caller passes false until they do.
 */
export function canExplain(actor: Actor, activeExamAttempt: boolean): boolean {
  if (actor.role === 'student') return !activeExamAttempt;
  return actor.role === 'guide';
}

/** Who sees the usage figures (explanations per day, cache hits): guides. */
export function canSeeExplainUsage(actor: Actor): boolean {
  return actor.role === 'guide';
}
