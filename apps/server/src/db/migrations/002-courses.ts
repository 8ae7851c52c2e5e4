import type { Kysely } from 'kysely';

/** Lectures and assignments (imported from packages/content, then editable), grants, completions, badges. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lectures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('key_concepts', 'text', (c) => c.notNull())
    .addColumn('quick_quiz', 'text', (c) => c.notNull())
    .addColumn('detailed_content', 'text', (c) => c.notNull())
    .addColumn('code_content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('lectures_course_day_idx').on('lectures').columns(['course_id', 'day']).unique().execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().unique().references('lectures.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();

  await db.schema
    .createTable('access_grants')
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text')
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('access_grants_pk', ['student_id', 'lecture_id', 'kind'])
    .execute();
  await db.schema.createIndex('access_grants_lecture_idx').on('access_grants').column('lecture_id').execute();

  await db.schema
    .createTable('lecture_completions')
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('completed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_completions_pk', ['student_id', 'lecture_id'])
    .execute();
  await db.schema.createIndex('lecture_completions_lecture_idx').on('lecture_completions').column('lecture_id').execute();

  await db.schema
    .createTable('badge_awards')
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge_id', 'text', (c) => c.notNull())
    .addColumn('awarded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('badge_awards_pk', ['student_id', 'badge_id'])
    .execute();
}
