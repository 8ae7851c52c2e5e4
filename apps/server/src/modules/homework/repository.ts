import type { Selectable } from 'kysely';
import type { LessonTask } from '@learn/content';
import type { Executor } from '../../db/executor.js';
import type { HomeworkChecksTable, HomeworkSubmissionsTable } from '../../db/schema.js';

export type SubmissionRow = Selectable<HomeworkSubmissionsTable>;
export type CheckRow = Selectable<HomeworkChecksTable>;

export async function courseExists(db: Executor, courseId: string): Promise<boolean> {
  return !!(await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst());
}

/** The lecture's assignment with its tasks (tests and solutions included: server only). */
export async function assignmentFor(db: Executor, lectureId: string) {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('lectures', 'lectures.id', 'assignments.lecture_id')
    .select(['assignments.lecture_id', 'assignments.course_id', 'lectures.day', 'lectures.title', 'assignments.tasks'])
    .where('assignments.lecture_id', '=', lectureId)
    .executeTakeFirst();
  return (
    row && {
      lectureId: row.lecture_id,
      courseId: row.course_id,
      day: row.day,
      title: row.title,
      tasks: JSON.parse(row.tasks) as LessonTask[],
    }
  );
}

/** The assignments of a course the student holds an assignment grant for, by day. */
export async function grantedAssignments(db: Executor, studentId: string, courseId: string) {
  const rows = await db
    .selectFrom('access_grants')
    .innerJoin('lectures', 'lectures.id', 'access_grants.lecture_id')
    .innerJoin('assignments', 'assignments.lecture_id', 'lectures.id')
    .select(['lectures.id', 'lectures.day', 'lectures.title', 'assignments.tasks'])
    .where('access_grants.student_id', '=', studentId)
    .where('access_grants.kind', '=', 'assignment')
    .where('lectures.course_id', '=', courseId)
    .orderBy('lectures.day')
    .execute();
  return rows.map((r) => ({ lectureId: r.id, day: r.day, title: r.title, tasks: JSON.parse(r.tasks) as LessonTask[] }));
}

export async function hasAssignmentGrant(db: Executor, studentId: string, lectureId: string): Promise<boolean> {
  const row = await db
    .selectFrom('access_grants')
    .select('student_id')
    .where('student_id', '=', studentId)
    .where('lecture_id', '=', lectureId)
    .where('kind', '=', 'assignment')
    .executeTakeFirst();
  return !!row;
}

export function studentSubmissions(db: Executor, studentId: string, courseId: string) {
  return db
    .selectFrom('homework_submissions')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .where('superseded', '=', 0)
    .execute();
}

/** Every submission of a course (current and history), with the student's name and the lecture. */
export function courseSubmissions(db: Executor, courseId: string) {
  return db
    .selectFrom('homework_submissions as s')
    .innerJoin('users', 'users.id', 's.student_id')
    .innerJoin('lectures', 'lectures.id', 's.lecture_id')
    .selectAll('s')
    .select(['users.name as student_name', 'lectures.title as lecture_title', 'lectures.day as day'])
    .where('s.course_id', '=', courseId)
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

export function findSubmission(db: Executor, id: number) {
  return db.selectFrom('homework_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks earlier submissions for the same student, lecture and task as history, then inserts the new one. */
export async function insertSubmission(
  db: Executor,
  s: {
    studentId: string;
    lectureId: string;
    courseId: string;
    taskIndex: number;
    code: string;
    language: SubmissionRow['language'];
    at: Date;
    status: SubmissionRow['autograde_status'];
  },
): Promise<number> {
  await db
    .updateTable('homework_submissions')
    .set({ superseded: 1 })
    .where('student_id', '=', s.studentId)
    .where('lecture_id', '=', s.lectureId)
    .where('task_index', '=', s.taskIndex)
    .where('superseded', '=', 0)
    .execute();
  const row = await db
    .insertInto('homework_submissions')
    .values({
      student_id: s.studentId,
      lecture_id: s.lectureId,
      course_id: s.courseId,
      task_index: s.taskIndex,
      code: s.code,
      language: s.language,
      submitted_at: s.at.toISOString(),
      autograde_status: s.status,
      superseded: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function saveGrade(
  db: Executor,
  id: number,
  g: { grade: NonNullable<SubmissionRow['grade']>; feedback: string; by: string; at: Date },
) {
  await db
    .updateTable('homework_submissions')
    .set({ grade: g.grade, feedback: g.feedback, graded_by: g.by, graded_at: g.at.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Current submissions in the old calls' shape: one student's (studentId given) or everyone's. */
export function legacySubmissions(db: Executor, filter: { studentId?: string; id?: number }) {
  let q = db
    .selectFrom('homework_submissions as s')
    .innerJoin('users', 'users.id', 's.student_id')
    .innerJoin('lectures', 'lectures.id', 's.lecture_id')
    .innerJoin('courses', 'courses.id', 's.course_id')
    .select([
      's.id',
      's.student_id',
      'users.name as student_name',
      's.course_id',
      'courses.title as course_title',
      's.lecture_id',
      'lectures.title as lecture_title',
      's.code',
      's.grade',
      's.feedback',
      's.submitted_at',
    ])
    .where('s.superseded', '=', 0)
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.id', 'desc');
  if (filter.studentId !== undefined) q = q.where('s.student_id', '=', filter.studentId);
  if (filter.id !== undefined) q = q.where('s.id', '=', filter.id);
  return q.execute();
}

/** Records a check as the task's progress: the latest pass/fail per test; solved_at set the first time all pass. */
export async function saveCheck(
  db: Executor,
  c: { studentId: string; lectureId: string; courseId: string; taskIndex: number; results: boolean[]; at: Date },
) {
  const passed = c.results.filter(Boolean).length;
  const at = c.at.toISOString();
  const solvedAt = passed === c.results.length && passed > 0 ? at : null;
  await db
    .insertInto('homework_checks')
    .values({
      student_id: c.studentId,
      lecture_id: c.lectureId,
      course_id: c.courseId,
      task_index: c.taskIndex,
      results: JSON.stringify(c.results),
      passed,
      total: c.results.length,
      checked_at: at,
      solved_at: solvedAt,
    })
    .onConflict((oc) =>
      oc.columns(['student_id', 'lecture_id', 'task_index']).doUpdateSet((eb) => ({
        results: eb.ref('excluded.results'),
        passed: eb.ref('excluded.passed'),
        total: eb.ref('excluded.total'),
        checked_at: eb.ref('excluded.checked_at'),
        solved_at: eb.fn.coalesce('homework_checks.solved_at', 'excluded.solved_at'),
      })),
    )
    .execute();
}

export function studentChecks(db: Executor, studentId: string, courseId: string) {
  return db.selectFrom('homework_checks').selectAll().where('student_id', '=', studentId).where('course_id', '=', courseId).execute();
}

export async function courseTitle(db: Executor, courseId: string): Promise<string | undefined> {
  return (await db.selectFrom('courses').select('title').where('id', '=', courseId).executeTakeFirst())?.title;
}

/** Every assignment of a course with its tasks, by day. */
export async function assignmentsOfCourse(db: Executor, courseId: string) {
  const rows = await db
    .selectFrom('assignments')
    .innerJoin('lectures', 'lectures.id', 'assignments.lecture_id')
    .select(['lectures.id', 'lectures.day', 'lectures.title', 'assignments.tasks'])
    .where('lectures.course_id', '=', courseId)
    .orderBy('lectures.day')
    .execute();
  return rows.map((r) => ({ lectureId: r.id, day: r.day, title: r.title, tasks: JSON.parse(r.tasks) as LessonTask[] }));
}

export function students(db: Executor) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('role', '=', 'student').orderBy('name').orderBy('id').execute();
}

/** The current (graded) submission of each student and task in a course. */
export function gradebookSubmissions(db: Executor, courseId: string) {
  return db
    .selectFrom('homework_submissions')
    .select(['student_id', 'lecture_id', 'task_index', 'grade', 'graded_at', 'submitted_at'])
    .where('course_id', '=', courseId)
    .where('superseded', '=', 0)
    .execute();
}
