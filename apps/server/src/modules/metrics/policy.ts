import { timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics: nobody while METRICS_TOKEN is unset (the route answers 404, as if absent); with it,
 * a request carrying `Authorization: Bearer <token>` (compared in constant time). Sessions play no part:
 * a scraper is not a user, and a guide has no business with it.
 */
export function canReadMetrics(configured: string | undefined, authorization: string | undefined): 'off' | 'allowed' | 'refused' {
  if (!configured) return 'off';
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(configured);
  return a.length === b.length && timingSafeEqual(a, b) ? 'allowed' : 'refused';
}
