import type { Actor } from '../../platform/authenticate.js';

/**
 * Who may ask for an AI explanation: every signed-in user (students are the audience; guides try it out),
 * except a student during an exam attempt (the service asks the exams module, see examRuleAppliesTo).
 */
export function canExplain(actor: Actor, activeExamAttempt: boolean): boolean {
  if (actor.role === 'student') return !activeExamAttempt;
  return actor.role === 'guide';
}

/** Who sees the usage figures (explanations per day, cache hits): guides. */
export function canSeeExplainUsage(actor: Actor): boolean {
  return actor.role === 'guide';
}

/** Whose exam attempts matter for explanations: a student's (guides have none to protect). */
export function examRuleAppliesTo(actor: Actor): boolean {
  return actor.role === 'student';
}
