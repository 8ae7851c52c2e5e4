import type { AppDeps } from '../../platform/deps.js';
import { countBatches, ping } from './repository.js';

export const APP_VERSION = '0.1.0';

export interface HealthReport {
  ok: boolean;
  version: string;
  uptimeSeconds: number;
  database: { reachable: boolean; engine: string; version: string | null; batchCount: number | null; error?: string };
}

/** Checks that the database answers, and reports version and uptime. */
export async function healthReport(deps: AppDeps): Promise<HealthReport> {
  const uptimeSeconds = Math.round(process.uptime());
  try {
    await ping(deps.db);
    const batchCount = await countBatches(deps.db);
    return {
      ok: true,
      version: APP_VERSION,
      uptimeSeconds,
      database: { reachable: true, engine: deps.engine, version: await deps.dbVersion(), batchCount },
    };
  } catch (err) {
    return {
      ok: false,
      version: APP_VERSION,
      uptimeSeconds,
      database: { reachable: false, engine: deps.engine, version: null, batchCount: null, error: (err as Error).message },
    };
  }
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  database: boolean;
  pubsub: { kind: string; connected: boolean };
}

/** Whether this instance should get traffic: the database answers and it is not shutting down. */
export async function readiness(deps: AppDeps, draining: boolean): Promise<Readiness> {
  let database = true;
  try {
    await ping(deps.db);
  } catch {
    database = false;
  }
  const { kind, connected } = deps.pubsub.status();
  return { ready: database && !draining, draining, database, pubsub: { kind, connected } };
}

export type HealthStatus = 'ok' | 'degraded' | 'error';

/** The one word a monitor reads, and why when it is not "ok". */
export function overallStatus(
  report: Pick<HealthReport, 'ok'>,
  runner: { available: boolean; reason: string | null; isolation?: { warning: string | null } } | null,
  pubsub: { kind: string; connected: boolean },
): { status: HealthStatus; reasons: string[] } {
  const reasons: string[] = [];
  if (!report.ok) reasons.push('The database does not answer.');
  if (runner && !runner.available) reasons.push(`Code running is off: ${runner.reason ?? 'unavailable'}`);
  else if (runner?.isolation?.warning) reasons.push(`Code running is not fully isolated: ${runner.isolation.warning}`);
  if (pubsub.kind === 'redis' && !pubsub.connected) reasons.push('Redis does not answer: live events reach this instance only.');
  return { status: !report.ok ? 'error' : reasons.length ? 'degraded' : 'ok', reasons };
}
