import type { Actor } from '../../platform/authenticate.js';

/** Only guides grant and revoke access to content. */
export function canManageAccess(actor: Actor): boolean {
  return actor.role === 'guide';
}
