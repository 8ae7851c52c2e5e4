import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** Counts one answered explanation on `day`, atomically (one upsert on both engines). */
export async function countExplanation(db: Executor, day: string, cacheHit: boolean): Promise<void> {
  const hit = cacheHit ? 1 : 0;
  await db
    .insertInto('explain_usage')
    .values({ day, explanations: 1, cache_hits: hit })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        explanations: sql<number>`explain_usage.explanations + 1`,
        cache_hits: sql<number>`explain_usage.cache_hits + ${hit}`,
      }),
    )
    .execute();
}

/** The most recent days first. */
export async function usageByDay(db: Executor, limit: number): Promise<{ day: string; explanations: number; cacheHits: number }[]> {
  const rows = await db
    .selectFrom('explain_usage')
    .select(['day', 'explanations', 'cache_hits'])
    .orderBy('day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ day: r.day, explanations: Number(r.explanations), cacheHits: Number(r.cache_hits) }));
}
