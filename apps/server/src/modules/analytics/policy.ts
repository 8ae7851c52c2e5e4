import { AT_RISK_BELOW_PERCENT } from '@learn/shared';
import type { Actor } from '../../platform/authenticate.js';

/** Course analytics cover every student: guides only. */
export const canReadAnalytics = (actor: Actor) => actor.role === 'guide';

/** Percent with 1 decimal. */
export const percent1 = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);
export const round1 = (v: number) => Math.round(v * 10) / 10;

/** Below 25 % is at risk; exactly 25 % is not. */
export const isAtRisk = (completed: number, lectureCount: number) => completed * 100 < AT_RISK_BELOW_PERCENT * lectureCount;

/** Monday 00:00 UTC of the week holding `d`, and the `n` week starts ending with that week. */
export function weekStarts(d: Date, n: number): string[] {
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
  return Array.from({ length: n }, (_, i) => new Date(monday.getTime() - (n - 1 - i) * 7 * 86_400_000).toISOString());
}
