import type { Executor } from '../../db/executor.js';

export interface StudentCompletionRow {
  id: string;
  name: string;
  email: string;
  last_login: string | null;
  batch_name: string | null;
  completed: number;
}

/** Every student with their batch name and how many lectures of the course they completed. */
export async function studentsWithCompletions(db: Executor, courseId: string): Promise<StudentCompletionRow[]> {
  const counts = db
    .selectFrom('lecture_completions')
    .innerJoin('lectures', 'lectures.id', 'lecture_completions.lecture_id')
    .select((eb) => ['lecture_completions.student_id', eb.fn.countAll<string | number>().as('n')])
    .where('lectures.course_id', '=', courseId)
    .groupBy('lecture_completions.student_id')
    .as('c');
  const rows = await db
    .selectFrom('users')
    .leftJoin('batches', 'batches.id', 'users.batch_id')
    .leftJoin(counts, 'c.student_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.last_login', 'batches.name as batch_name', 'c.n'])
    .where('users.role', '=', 'student')
    .orderBy('users.name')
    .execute();
  return rows.map((r) => ({ ...r, batch_name: r.batch_name ?? null, completed: Number(r.n ?? 0) }));
}

/** The student's graded homework in a course (current submissions only), newest grade first. */
export async function gradedHomework(db: Executor, studentId: string, courseId: string, limit: number) {
  return db
    .selectFrom('homework_submissions as s')
    .innerJoin('lectures', 'lectures.id', 's.lecture_id')
    .select(['lectures.title', 's.grade', 's.graded_at'])
    .where('s.student_id', '=', studentId)
    .where('s.course_id', '=', courseId)
    .where('s.superseded', '=', 0)
    .where('s.grade', 'is not', null)
    .orderBy('s.graded_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

/** The student's graded exams in a course, newest grade first. */
export async function gradedExams(db: Executor, studentId: string, courseId: string, limit: number) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['e.week', 'a.grade', 'a.max_grade', 'a.graded_at'])
    .where('a.student_id', '=', studentId)
    .where('a.course_id', '=', courseId)
    .where('a.status', '=', 'graded')
    .orderBy('a.graded_at', 'desc')
    .limit(limit)
    .execute();
}

/** Current homework submissions of a course that wait for a guide's letter. */
export async function pendingHomeworkCount(db: Executor, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('homework_submissions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('course_id', '=', courseId)
    .where('superseded', '=', 0)
    .where('grade', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
