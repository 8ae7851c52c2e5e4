import type { Selectable } from 'kysely';
import type { ExamAnswers, ExamQuestion } from '@learn/shared';
import type { Executor } from '../../db/executor.js';
import type { ExamAttemptsTable, ExamsTable } from '../../db/schema.js';

export type ExamRow = Selectable<ExamsTable>;
export type AttemptRow = Selectable<ExamAttemptsTable>;

export const parseQuestions = (row: Pick<ExamRow, 'questions'>) => JSON.parse(row.questions) as ExamQuestion[];
export const parseAnswers = (row: Pick<AttemptRow, 'answers'>) => JSON.parse(row.answers) as ExamAnswers;
export const parseJson = <T>(value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T));

export function findExam(db: Executor, id: string) {
  return db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listExams(db: Executor, courseId: string) {
  return db.selectFrom('exams').selectAll().where('course_id', '=', courseId).orderBy('week').execute();
}

export async function insertExam(db: Executor, row: ExamRow): Promise<void> {
  await db.insertInto('exams').values(row).execute();
}

export async function updateExam(
  db: Executor,
  id: string,
  changes: Partial<Pick<ExamRow, 'title' | 'duration_minutes' | 'questions' | 'updated_at'>>,
) {
  await db.updateTable('exams').set(changes).where('id', '=', id).execute();
}

export async function deleteExam(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('exams').where('id', '=', id).execute();
}

/** Attempts per status of each exam of a course. */
export async function attemptCounts(db: Executor, courseId: string) {
  const rows = await db
    .selectFrom('exam_attempts')
    .select(['exam_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('course_id', '=', courseId)
    .groupBy(['exam_id', 'status'])
    .execute();
  return rows.map((r) => ({ examId: r.exam_id, status: r.status, n: Number(r.n) }));
}

export function findAttempt(db: Executor, examId: string, studentId: string) {
  return db.selectFrom('exam_attempts').selectAll().where('exam_id', '=', examId).where('student_id', '=', studentId).executeTakeFirst();
}

/** What an autosave needs, in one query (the hot path of an exam): the attempt and its exam's questions. */
export function findAttemptForSave(db: Executor, examId: string, studentId: string) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['a.id', 'a.deadline_at', 'e.questions'])
    .where('a.exam_id', '=', examId)
    .where('a.student_id', '=', studentId)
    .executeTakeFirst();
}

export function findAttemptById(db: Executor, id: number) {
  return db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function studentAttempts(db: Executor, studentId: string, courseId: string) {
  return db.selectFrom('exam_attempts').selectAll().where('student_id', '=', studentId).where('course_id', '=', courseId).execute();
}

/** Creates the attempt unless one exists (two tabs opening at once get the same one). */
export async function insertAttemptOnce(db: Executor, row: Omit<AttemptRow, 'id' | 'save_seq'>): Promise<void> {
  await db
    .insertInto('exam_attempts')
    .values(row)
    .onConflict((oc) => oc.columns(['exam_id', 'student_id']).doNothing())
    .execute();
}

/**
 * Keeps a save only when it is newer than the last one kept, the attempt is still in progress and the
 * deadline plus the grace has not passed: one conditional UPDATE, so two saves racing cannot both win.
 */
export async function saveAnswers(
  db: Executor,
  id: number,
  seq: number,
  answers: ExamAnswers,
  at: string,
  latest: string,
): Promise<boolean> {
  const r = await db
    .updateTable('exam_attempts')
    .set({ answers: JSON.stringify(answers), save_seq: seq, saved_at: at })
    .where('id', '=', id)
    .where('status', '=', 'in-progress')
    .where('save_seq', '<', seq)
    .where('deadline_at', '>=', latest)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Submits once: only an attempt still in progress changes. */
export async function markSubmitted(
  db: Executor,
  id: number,
  change: {
    at: string;
    by: 'student' | 'timer' | 'server';
    autoPoints: Record<string, number | null>;
    answers?: ExamAnswers;
    seq?: number;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('exam_attempts')
    .set({
      status: 'submitted',
      submitted_at: change.at,
      submitted_by: change.by,
      auto_points: JSON.stringify(change.autoPoints),
      ...(change.answers ? { answers: JSON.stringify(change.answers), save_seq: change.seq ?? 0, saved_at: change.at } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', 'in-progress')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Attempts whose deadline (plus the grace) passed while still in progress: the job submits them. */
export function overdueAttempts(db: Executor, before: string, limit = 200) {
  return db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('status', '=', 'in-progress')
    .where('deadline_at', '<', before)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
}

/**
 * Stores a test run's outcomes and suggested points only if the attempt's outcomes are still those read before
 * the run (`before`): of two runs of the same answers at once (two guides, two instances, a job retried after
 * its worker died) exactly one writes, and the other reads what it wrote. False when another run wrote first.
 */
export async function setTestsOnce(db: Executor, id: number, before: string | null, tests: string, autoPoints: string): Promise<boolean> {
  const r = await db
    .updateTable('exam_attempts')
    .set({ tests, auto_points: autoPoints })
    .where('id', '=', id)
    .where((eb) => (before === null ? eb('tests', 'is', null) : eb('tests', '=', before)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setGrade(
  db: Executor,
  id: number,
  g: { scores: Record<string, number>; grade: number; feedback: string; by: string; at: string },
): Promise<void> {
  await db
    .updateTable('exam_attempts')
    .set({ status: 'graded', scores: JSON.stringify(g.scores), grade: g.grade, feedback: g.feedback, graded_by: g.by, graded_at: g.at })
    .where('id', '=', id)
    .execute();
}

/** Submissions of a course for grading: pending (submitted) or graded, with the student's name. */
export function courseSubmissions(db: Executor, courseId: string, status: 'submitted' | 'graded') {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .selectAll('a')
    .select(['u.name as student_name', 'e.title as exam_title', 'e.week', 'e.questions'])
    .where('a.course_id', '=', courseId)
    .where('a.status', '=', status)
    .orderBy('a.submitted_at', 'desc')
    .execute();
}

/** How many debug questions a student solved with full points over all graded exams (badge_06). */
export async function gradedAttemptsOf(db: Executor, studentId: string) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['a.scores', 'e.questions'])
    .where('a.student_id', '=', studentId)
    .where('a.status', '=', 'graded')
    .execute();
}

export async function countSubmittedAttempts(db: Executor, studentId: string): Promise<number> {
  const r = await db
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('student_id', '=', studentId)
    .where('status', '!=', 'in-progress')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Completed lectures of a student in a course, by day (the unlock rule counts them). */
export async function completedLectureCount(db: Executor, studentId: string, courseId: string): Promise<number> {
  const r = await db
    .selectFrom('lecture_completions as c')
    .innerJoin('lectures as l', 'l.id', 'c.lecture_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('c.student_id', '=', studentId)
    .where('l.course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function studentName(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name;
}

export async function courseExists(db: Executor, courseId: string): Promise<boolean> {
  return !!(await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst());
}

/** Whether the student has an attempt in progress whose deadline is after `after` (deadline plus grace not passed). */
export async function hasActiveAttempt(db: Executor, studentId: string, after: string): Promise<boolean> {
  const row = await db
    .selectFrom('exam_attempts')
    .select('id')
    .where('student_id', '=', studentId)
    .where('status', '=', 'in-progress')
    .where('deadline_at', '>', after)
    .executeTakeFirst();
  return !!row;
}
