import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/** Homework submissions (issue 13): the graded one per student, lecture and task, and its history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db.schema.createTable('homework_submissions'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('task_index', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('grade', 'text')
    .addColumn('feedback', 'text')
    .addColumn('graded_by', 'text')
    .addColumn('graded_at', 'text')
    .addColumn('autograde_status', 'text', (c) => c.notNull())
    .addColumn('test_results', 'text')
    .addColumn('proposed_grade', 'text')
    .addColumn('passed', 'integer')
    .addColumn('total', 'integer')
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('homework_submissions_student_idx')
    .on('homework_submissions')
    .columns(['student_id', 'lecture_id', 'task_index'])
    .execute();
  await db.schema.createIndex('homework_submissions_course_idx').on('homework_submissions').columns(['course_id', 'superseded']).execute();
  await db.schema.createIndex('homework_submissions_status_idx').on('homework_submissions').column('autograde_status').execute();
}
