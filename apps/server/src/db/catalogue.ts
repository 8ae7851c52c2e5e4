import type { Kysely } from 'kysely';
import { assignmentId, lectureId, type LoadedCourse } from '@learn/content';
import type { Database } from './schema.js';

/**
 * Imports the bundled catalogue: every lecture and assignment not yet in the database is inserted.
 * Existing rows are left alone, so a guide's edits survive restarts and upgrades.
 * Returns how many lectures were added.
 */
export async function importCatalogue(db: Kysely<Database>, catalogue: LoadedCourse[]): Promise<number> {
  let added = 0;
  await db.transaction().execute(async (trx) => {
    const existing = new Set((await trx.selectFrom('lectures').select('id').execute()).map((r) => r.id));
    const existingAssignments = new Set((await trx.selectFrom('assignments').select('lecture_id').execute()).map((r) => r.lecture_id));
    for (const { course, lessons } of catalogue) {
      for (const lesson of lessons) {
        const id = lectureId(course.prefix, lesson.day);
        if (!existing.has(id)) {
          await trx
            .insertInto('lectures')
            .values({
              id,
              course_id: course.id,
              day: lesson.day,
              title: lesson.title,
              description: lesson.description,
              key_concepts: JSON.stringify(lesson.keyConcepts),
              quick_quiz: JSON.stringify(lesson.quickQuiz),
              detailed_content: JSON.stringify(lesson.detailedContent),
              code_content: JSON.stringify(lesson.codeContent),
              updated_at: null,
              updated_by: null,
            })
            .execute();
          added++;
        }
        if (!existingAssignments.has(id))
          await trx
            .insertInto('assignments')
            .values({
              id: assignmentId(course.prefix, lesson.day),
              course_id: course.id,
              lecture_id: id,
              day: lesson.day,
              tasks: JSON.stringify(lesson.assignment.tasks),
              updated_at: null,
              updated_by: null,
            })
            .execute();
      }
    }
  });
  return added;
}
