import type { Kysely } from 'kysely';

/**
 * Course analytics (issue 17): indexes only, for the aggregate queries (no new table).
 * - the students of a batch: users(role, batch_id);
 * - last activity: sessions(user_id, last_seen_at), lecture_completions(student_id, completed_at),
 *   homework_submissions(student_id, submitted_at);
 * - weekly activity: lecture_completions(completed_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_role_batch_idx').on('users').columns(['role', 'batch_id']).execute();
  await db.schema.createIndex('sessions_user_seen_idx').on('sessions').columns(['user_id', 'last_seen_at']).execute();
  await db.schema
    .createIndex('lecture_completions_student_at_idx')
    .on('lecture_completions')
    .columns(['student_id', 'completed_at'])
    .execute();
  await db.schema.createIndex('lecture_completions_at_idx').on('lecture_completions').column('completed_at').execute();
  await db.schema
    .createIndex('homework_submissions_student_at_idx')
    .on('homework_submissions')
    .columns(['student_id', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'users_role_batch_idx',
    'sessions_user_seen_idx',
    'lecture_completions_student_at_idx',
    'lecture_completions_at_idx',
    'homework_submissions_student_at_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
