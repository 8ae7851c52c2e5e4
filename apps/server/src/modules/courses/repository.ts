import type { Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { AccessKind, ContentBlock, CourseSummary, QuizQuestion } from '@learn/shared';
import type { LessonTask } from '@learn/content';
import type { LecturesTable } from '../../db/schema.js';

import type { Executor } from '../../db/executor.js';

export interface LectureRecord {
  id: string;
  courseId: string;
  day: number;
  title: string;
  description: string;
  keyConcepts: string[];
  quickQuiz: QuizQuestion[];
  detailedContent: ContentBlock[];
  codeContent: ContentBlock[];
  updatedAt: string | null;
}

export function toLecture(row: Selectable<LecturesTable>): LectureRecord {
  return {
    id: row.id,
    courseId: row.course_id,
    day: row.day,
    title: row.title,
    description: row.description,
    keyConcepts: JSON.parse(row.key_concepts) as string[],
    quickQuiz: JSON.parse(row.quick_quiz) as QuizQuestion[],
    detailedContent: JSON.parse(row.detailed_content) as ContentBlock[],
    codeContent: JSON.parse(row.code_content) as ContentBlock[],
    updatedAt: row.updated_at,
  };
}

export async function listCourses(db: Executor, prefix?: string): Promise<CourseSummary[]> {
  let q = db
    .selectFrom('courses')
    .leftJoin('lectures', 'lectures.course_id', 'courses.id')
    .select((eb) => [
      'courses.id',
      'courses.prefix',
      'courses.title',
      'courses.position',
      eb.fn.count<string | number>('lectures.id').as('lecture_count'),
    ])
    .groupBy(['courses.id', 'courses.prefix', 'courses.title', 'courses.position'])
    .orderBy('courses.position');
  if (prefix) q = q.where('courses.prefix', '=', prefix);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, prefix: r.prefix, title: r.title, lectureCount: Number(r.lecture_count) }));
}

export async function findCourse(db: Executor, courseId: string): Promise<CourseSummary | undefined> {
  return (await listCourses(db)).find((c) => c.id === courseId);
}

export async function findLecture(db: Executor, lectureId: string) {
  const row = await db.selectFrom('lectures').selectAll().where('id', '=', lectureId).executeTakeFirst();
  return row && toLecture(row);
}

/**
 * In one query, what decides a lecture read for one reader: the lecture's and its assignment's versions,
 * the reader's grants on it and whether the reader completed it. Undefined for an unknown lecture.
 */
export async function lectureState(db: Executor, lectureId: string, readerId: string) {
  const [row] = await lectureStateQuery(db, lectureId, readerId);
  if (!row) return undefined;
  const grants = new Set((['explanation', 'code', 'assignment'] as const).filter((k) => Boolean(row[k])));
  return {
    courseId: row.course_id,
    version: `${row.updated_at ?? ''}|${row.assignment_updated_at ?? ''}`,
    grants,
    completed: Boolean(row.completed),
  };
}

// Runs on every lecture read: compiled once, see db/precompiled.ts.
const lectureStateQuery = precompiled((db, lectureId: string, readerId: string) =>
  db
    .selectFrom('lectures')
    .leftJoin('assignments', 'assignments.lecture_id', 'lectures.id')
    .select(['lectures.id', 'lectures.course_id', 'lectures.updated_at', 'assignments.updated_at as assignment_updated_at'])
    .select((eb) => {
      const grant = (kind: AccessKind) =>
        eb
          .exists(
            eb
              .selectFrom('access_grants')
              .select('access_grants.kind')
              .whereRef('access_grants.lecture_id', '=', 'lectures.id')
              .where('access_grants.student_id', '=', readerId)
              .where('access_grants.kind', '=', kind),
          )
          .as(kind);
      return [
        grant('explanation'),
        grant('code'),
        grant('assignment'),
        eb
          .exists(
            eb
              .selectFrom('lecture_completions')
              .select('lecture_completions.lecture_id')
              .whereRef('lecture_completions.lecture_id', '=', 'lectures.id')
              .where('lecture_completions.student_id', '=', readerId),
          )
          .as('completed'),
      ];
    })
    .where('lectures.id', '=', lectureId),
);

/** id, prefix and title of one course. */
export function findCourseHead(db: Executor, courseId: string) {
  return db.selectFrom('courses').select(['id', 'prefix', 'title']).where('id', '=', courseId).executeTakeFirst();
}

/** id, day and title of a course's lectures, by day. */
export function listLectureHeads(db: Executor, courseId: string) {
  return db.selectFrom('lectures').select(['id', 'day', 'title']).where('course_id', '=', courseId).orderBy('day').execute();
}

export async function grantsFor(db: Executor, studentId: string, lectureId: string): Promise<Set<AccessKind>> {
  const rows = await db
    .selectFrom('access_grants')
    .select('kind')
    .where('student_id', '=', studentId)
    .where('lecture_id', '=', lectureId)
    .execute();
  return new Set(rows.map((r) => r.kind));
}

/** Lecture ids of a course for which the student holds at least one grant. */
export async function accessibleLectureIds(db: Executor, studentId: string, courseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('access_grants')
    .innerJoin('lectures', 'lectures.id', 'access_grants.lecture_id')
    .select('access_grants.lecture_id')
    .distinct()
    .where('access_grants.student_id', '=', studentId)
    .where('lectures.course_id', '=', courseId)
    .execute();
  return new Set(rows.map((r) => r.lecture_id));
}

export async function completedLectureIds(db: Executor, studentId: string, courseId?: string): Promise<Set<string>> {
  let q = db
    .selectFrom('lecture_completions')
    .innerJoin('lectures', 'lectures.id', 'lecture_completions.lecture_id')
    .select('lecture_completions.lecture_id')
    .where('lecture_completions.student_id', '=', studentId);
  if (courseId) q = q.where('lectures.course_id', '=', courseId);
  return new Set((await q.execute()).map((r) => r.lecture_id));
}

export async function updateLecture(
  db: Executor,
  lectureId: string,
  edit: Pick<LectureRecord, 'title' | 'description' | 'keyConcepts' | 'quickQuiz' | 'detailedContent' | 'codeContent'>,
  by: string,
  at: Date,
) {
  await db
    .updateTable('lectures')
    .set({
      title: edit.title,
      description: edit.description,
      key_concepts: JSON.stringify(edit.keyConcepts),
      quick_quiz: JSON.stringify(edit.quickQuiz),
      detailed_content: JSON.stringify(edit.detailedContent),
      code_content: JSON.stringify(edit.codeContent),
      updated_at: at.toISOString(),
      updated_by: by,
    })
    .where('id', '=', lectureId)
    .execute();
}

export async function findAssignment(db: Executor, lectureId: string) {
  const row = await db.selectFrom('assignments').selectAll().where('lecture_id', '=', lectureId).executeTakeFirst();
  return (
    row && { id: row.id, lectureId: row.lecture_id, day: row.day, courseId: row.course_id, tasks: JSON.parse(row.tasks) as LessonTask[] }
  );
}

export async function updateAssignmentTasks(db: Executor, lectureId: string, tasks: LessonTask[], by: string, at: Date) {
  await db
    .updateTable('assignments')
    .set({ tasks: JSON.stringify(tasks), updated_at: at.toISOString(), updated_by: by })
    .where('lecture_id', '=', lectureId)
    .execute();
}
