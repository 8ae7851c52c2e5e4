import type { Kysely } from 'kysely';

/**
 * Dolos' suggested cut-off for each comparison (issue 30): the threshold the Dolos web app would start
 * that report with, guessed from the distribution of every pair's similarity (modules/similarity/cutoff.ts).
 * Null before a run has finished, and when the distribution gives no guess. The page offers it to the guide
 * as the course's threshold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('similarity_runs').addColumn('suggested', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('similarity_runs').dropColumn('suggested').execute();
}
