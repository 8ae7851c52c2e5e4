import type { Kysely } from 'kysely';

/** AI explanations per UTC day and how many came from the cache (issue 16), for the guides' usage panel. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('explain_usage')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('explanations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cache_hits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
