import type { Actor } from '../../platform/authenticate.js';

/** Only guides create, rename and delete batches (platform-core.md section 6). */
export function canManageBatches(actor: Actor): boolean {
  return actor.role === 'guide';
}
