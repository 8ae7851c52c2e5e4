import type { RunnerIsolation } from '@learn/runner';
import type { Redis } from 'ioredis';

/**
 * What each runner worker publishes about itself (a heartbeat every 2 s, one field per worker in
 * `<prefix>:workers`) and what the API instances read from it: the queue figures of /api/health and
 * /metrics, and whether code can run at all (the workers' own sandboxes, not the API machine's).
 */
export interface WorkerFigures {
  id: string;
  host: string;
  concurrency: number;
  active: number;
  runs: number;
  runsPerSecond: number;
  seenMsAgo: number;
  /** Whether this worker's sandbox runs code (bubblewrap, compilers), and why not. */
  available: boolean;
  reason: string | null;
  isolation: RunnerIsolation | null;
}

/** The heartbeat as stored: the figures without the reader's view (`id` is the field, `at` when written). */
export type Heartbeat = Omit<WorkerFigures, 'id' | 'seenMsAgo'> & { at: number };

export interface QueueStats {
  kind: 'redis';
  connected: boolean;
  waiting: number;
  active: number;
  /** Milliseconds recent runs waited in the queue before a worker took them. */
  waitMs: { p50: number; p95: number; max: number; samples: number };
  workers: WorkerFigures[];
}

/** A worker not seen for this long is gone (its heartbeat comes every 2 s). */
export const WORKER_GONE_MS = 15_000;

/** Said when no worker is alive: runs answer 503 with it, and the status says so before the first Run. */
export const NO_WORKER_MESSAGE = 'No code runner is connected right now. Try again in a minute; if it lasts, tell your guide.';
/** The same, as the reason of `{ available: false }` ("Code running is unavailable on this server: …"). */
export const NO_WORKER_REASON = 'no runner worker is running. Try again in a minute; if it lasts, tell your guide.';

/** Every live worker's figures, by id. */
export async function liveWorkers(redis: Redis, key: string, now = Date.now()): Promise<WorkerFigures[]> {
  const all = await redis.hgetall(key);
  const out: WorkerFigures[] = [];
  for (const [id, raw] of Object.entries(all)) {
    const w = JSON.parse(raw) as Heartbeat;
    if (now - w.at > WORKER_GONE_MS) continue;
    out.push({
      id,
      host: w.host,
      concurrency: w.concurrency,
      active: w.active,
      runs: w.runs,
      runsPerSecond: w.runsPerSecond,
      seenMsAgo: now - w.at,
      // A worker from before the status was published: it took runs, so it ran them.
      available: w.available ?? true,
      reason: w.reason ?? null,
      isolation: w.isolation ?? null,
    });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** Whether code can run through these workers: one whose sandbox works is enough. */
export function sandboxOf(workers: WorkerFigures[]): { available: boolean; reason: string | null } {
  if (workers.length === 0) return { available: false, reason: NO_WORKER_REASON };
  if (workers.some((w) => w.available)) return { available: true, reason: null };
  return { available: false, reason: workers[0]!.reason ?? 'no runner worker can run code' };
}

/** p50 / p95 / max of recent waits (milliseconds). */
export function waitFigures(waits: number[]): QueueStats['waitMs'] {
  const sorted = [...waits].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: pick(0.5), p95: pick(0.95), max: sorted.at(-1) ?? 0, samples: sorted.length };
}
