import type { Actor } from '../../platform/authenticate.js';

/** Each role has its own dashboard (platform-core.md section 6): a student's, and the guide's class view. */
export function canReadStudentDashboard(actor: Actor): boolean {
  return actor.role === 'student';
}

export function canReadGuideDashboard(actor: Actor): boolean {
  return actor.role === 'guide';
}
