import type { Actor } from '../../platform/authenticate.js';

/**
 * Who may run code: every signed-in user (students run lecture examples and their own code, mates try
 * things out). Being signed in is what the rate limit and the queue are counted against.
 */
export function canRunCode(actor: Actor): boolean {
  return actor.role === 'student' || actor.role === 'guide';
}
