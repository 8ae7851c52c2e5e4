import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/**
 * Similar submissions (issue 30):
 * - similarity_runs: one comparison per scope (a homework task or an exam question), its state and progress,
 *   the signature of the submissions it compared (a new submission changes it: the comparison is redone),
 *   and a claim (who runs it, until when) so two instances never run the same one;
 * - similarity_pairs: the pairs the last comparison kept (share at or above the lowest threshold);
 * - similarity_reviews: a guide's "reviewed" mark with a note, per scope and pair of students, so it
 *   survives the next comparison;
 * - similarity_settings: a course's threshold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('similarity_runs')
    .addColumn('scope', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signature', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('similarity_runs_course_idx').on('similarity_runs').column('course_id').execute();
  await idColumn(db.schema.createTable('similarity_pairs'))
    .addColumn('scope', 'text', (c) => c.notNull().references('similarity_runs.scope').onDelete('cascade'))
    .addColumn('left_student', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('right_student', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('left_ref', 'integer', (c) => c.notNull())
    .addColumn('right_ref', 'integer', (c) => c.notNull())
    .addColumn('similarity', 'double precision', (c) => c.notNull())
    .addColumn('longest', 'integer', (c) => c.notNull())
    .addColumn('longest_share', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('similarity_pairs_scope_idx').on('similarity_pairs').columns(['scope', 'similarity']).execute();
  await db.schema
    .createTable('similarity_reviews')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('left_student', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('right_student', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('similarity_reviews_pk', ['scope', 'left_student', 'right_student'])
    .execute();
  await db.schema
    .createTable('similarity_settings')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('courses.id').onDelete('cascade'))
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['similarity_settings', 'similarity_reviews', 'similarity_pairs', 'similarity_runs'])
    await db.schema.dropTable(table).execute();
}
