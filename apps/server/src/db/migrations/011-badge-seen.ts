import { sql, type Kysely } from 'kysely';

/**
 * When the student saw each badge's "Achievement Unlocked!" dialog (issue 26): badges awarded while the
 * student was away (First Exam at the deadline, Perfect Score when a guide grades) show on the next page
 * the student sees, once, on whichever device. Awards made before this migration count as seen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('badge_awards').addColumn('seen_at', 'text').execute();
  await sql`update badge_awards set seen_at = awarded_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('badge_awards').dropColumn('seen_at').execute();
}
