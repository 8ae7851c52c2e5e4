import type { Actor } from '../../platform/authenticate.js';

/**
 * Similar submissions are for guides only: a student never sees a comparison, a pair, a mark or a
 * threshold, and so never another student's code (issue 30).
 */
export function canReviewSimilarity(actor: Actor): boolean {
  return actor.role === 'guide';
}
