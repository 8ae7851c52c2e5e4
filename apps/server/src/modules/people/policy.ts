import type { MateAbilities } from '@learn/shared';
import type { Actor } from '../../platform/authenticate.js';

/** Only guides add, edit and remove students and mates (platform-core.md section 6). */
export function canManagePeople(actor: Actor): boolean {
  return actor.role === 'guide';
}

/** Why a guide may not be removed, or null (spec 5: not oneself, not the last mate). */
export function guideRemovalRefusal(actor: Actor, targetId: string, guideCount: number): string | null {
  if (actor.id === targetId) return 'You cannot remove your own account.';
  if (guideCount <= 1) return 'Cannot remove the last mate account.';
  return null;
}

/** What the actor may do with one mate of a list of `guideCount`: sent with the list so the page copies no rule. */
export function mateAbilities(actor: Actor, targetId: string, guideCount: number): MateAbilities {
  const refusal = guideRemovalRefusal(actor, targetId, guideCount);
  return refusal ? { remove: false, removeReason: refusal } : { remove: true };
}
