import type { Executor } from '../../db/executor.js';

/** A student's current homework submissions (one per task) with their lecture, by course, day and task. */
export function currentSubmissions(db: Executor, studentId: string) {
  return db
    .selectFrom('homework_submissions as s')
    .innerJoin('lectures as l', 'l.id', 's.lecture_id')
    .select([
      's.course_id',
      's.lecture_id',
      'l.title as lecture_title',
      'l.day',
      's.task_index',
      's.grade',
      's.feedback',
      's.submitted_at',
      's.graded_at',
    ])
    .where('s.student_id', '=', studentId)
    .where('s.superseded', '=', 0)
    .orderBy('s.course_id')
    .orderBy('l.day')
    .orderBy('s.task_index')
    .execute();
}

/** A student's exam attempts with their exam, by course and week. */
export function attemptsWithExams(db: Executor, studentId: string) {
  return db
    .selectFrom('exam_attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .select(['a.course_id', 'a.exam_id', 'e.title', 'e.week', 'a.status', 'a.grade', 'a.max_grade', 'a.submitted_at', 'a.graded_at'])
    .where('a.student_id', '=', studentId)
    .orderBy('a.course_id')
    .orderBy('e.week')
    .execute();
}
