import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/** Exams (issue 14): one per course and week, and one attempt per student and exam, kept by the server. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('week', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    // The questions with their keys (JSON); only the exams module reads it, and strips keys for students.
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('exams_course_week', ['course_id', 'week'])
    .execute();
  await idColumn(db.schema.createTable('exam_attempts'))
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('submitted_by', 'text')
    .addColumn('save_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_at', 'text')
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('auto_points', 'text')
    .addColumn('tests', 'text')
    .addColumn('scores', 'text')
    .addColumn('grade', 'integer')
    .addColumn('max_grade', 'integer', (c) => c.notNull())
    .addColumn('feedback', 'text')
    .addColumn('graded_by', 'text')
    .addColumn('graded_at', 'text')
    .addUniqueConstraint('exam_attempts_exam_student', ['exam_id', 'student_id'])
    .execute();
  await db.schema.createIndex('exam_attempts_due_idx').on('exam_attempts').columns(['status', 'deadline_at']).execute();
  await db.schema.createIndex('exam_attempts_course_idx').on('exam_attempts').columns(['course_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exam_attempts').execute();
  await db.schema.dropTable('exams').execute();
}
