import type { Kysely } from 'kysely';

/**
 * Homework, several server instances and exercise progress (issue 13):
 * - a grading claim on each submission row (who grades it, until when), so two servers never grade the
 *   same submission twice and a crashed server's claim runs out and is taken over;
 * - the latest check of each exercise per student (pass/fail per test), kept as progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('homework_submissions').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('homework_submissions').addColumn('claimed_until', 'text').execute();
  await db.schema
    .createTable('homework_checks')
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('task_index', 'integer', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .addColumn('solved_at', 'text')
    .addPrimaryKeyConstraint('homework_checks_pk', ['student_id', 'lecture_id', 'task_index'])
    .execute();
  await db.schema.createIndex('homework_checks_course_idx').on('homework_checks').columns(['course_id', 'student_id']).execute();
}
