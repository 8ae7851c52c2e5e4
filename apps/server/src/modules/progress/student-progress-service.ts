import type { StudentProgress, StudentProgressExam, StudentProgressHomework } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError } from '../../platform/errors.js';
import { findStudent } from '../people/repository.js';
import { listCourses } from '../courses/repository.js';
import { listAwards, listCompletedLectures } from './repository.js';
import { canReadProgress } from './policy.js';
import { attemptsWithExams, currentSubmissions } from './results-repository.js';

/** GET /api/students/:id/progress: completions per course, badges, homework and exams. */
export async function studentProgress(deps: AppDeps, actor: Actor, studentId: string): Promise<StudentProgress> {
  if (!canReadProgress(actor, studentId)) throw authorizationError();
  const student = await findStudent(deps.db, studentId);
  if (!student) throw notFoundError('Student not found');
  const completions = await listCompletedLectures(deps.db, studentId);
  const catalogue = await listCourses(deps.db);
  const courses = catalogue.map((c) => ({
    courseId: c.id,
    title: c.title,
    lectureCount: c.lectureCount,
    completed: completions
      .filter((r) => r.course_id === c.id)
      .map((r) => ({ lectureId: r.id, day: r.day, title: r.title, completedAt: r.completed_at })),
  }));
  const [badges, submissions, attempts] = await Promise.all([
    listAwards(deps.db, studentId),
    currentSubmissions(deps.db, studentId),
    attemptsWithExams(deps.db, studentId),
  ]);
  const homework: StudentProgressHomework[] = submissions.map((s) => ({
    courseId: s.course_id,
    courseTitle: catalogue.find((c) => c.id === s.course_id)?.title ?? s.course_id,
    lectureId: s.lecture_id,
    lectureTitle: s.lecture_title,
    day: s.day,
    taskIndex: s.task_index,
    state: s.grade ? 'graded' : 'submitted',
    grade: s.grade,
    feedback: s.grade ? s.feedback : null,
    submittedAt: s.submitted_at,
    gradedAt: s.graded_at,
  }));
  // The score shows once graded, as on the student's own exam card.
  const exams: StudentProgressExam[] = attempts.map((a) => {
    const graded = a.status === 'graded' && a.grade !== null;
    return {
      courseId: a.course_id,
      coursePrefix: catalogue.find((c) => c.id === a.course_id)?.prefix ?? 'c-cpp',
      examId: a.exam_id,
      title: a.title,
      week: a.week,
      status: a.status,
      grade: graded ? a.grade : null,
      maxGrade: a.max_grade,
      percentage: graded && a.max_grade > 0 ? Math.round((a.grade! / a.max_grade) * 100) : null,
      submittedAt: a.submitted_at,
      gradedAt: a.graded_at,
    };
  });
  return { student, courses, badges, homework, exams };
}
