import { toCsv } from '@learn/shared';
import type { Executor } from '../../db/executor.js';
import { assignmentsOfCourse, courseTitle, gradebookSubmissions, students } from './repository.js';

/**
 * Gradebook export (issue 13): one CSV per course, a row per student and, per homework task of the
 * course's lectures (by day), three columns: the letter, the state (Graded, Pending, Not submitted) and the
 * date (graded, else submitted). Exam columns join once exams exist. Quoting, formula escaping and the
 * byte-order mark Excel needs for UTF-8 come from `toCsv` (packages/shared).
 */

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export async function gradebookCsv(db: Executor, courseId: string): Promise<{ filename: string; csv: string } | null> {
  const title = await courseTitle(db, courseId);
  if (title === undefined) return null;
  const [assignments, people, subs] = await Promise.all([
    assignmentsOfCourse(db, courseId),
    students(db),
    gradebookSubmissions(db, courseId),
  ]);
  const columns = assignments.flatMap((a) =>
    a.tasks.flatMap((t, i) =>
      t.type === 'homework' ? [{ lectureId: a.lectureId, taskIndex: i, label: `Day ${a.day} ${a.title} (task ${i + 1})` }] : [],
    ),
  );
  const current = new Map(subs.map((s) => [`${s.student_id}#${s.lecture_id}#${s.task_index}`, s]));
  const header = ['Student', 'Email', ...columns.flatMap((c) => [`${c.label} grade`, `${c.label} status`, `${c.label} date`])];
  const rows = people.map((p) => [
    p.name,
    p.email,
    ...columns.flatMap((c) => {
      const s = current.get(`${p.id}#${c.lectureId}#${c.taskIndex}`);
      if (!s) return ['', 'Not submitted', ''];
      return s.grade ? [s.grade, 'Graded', day(s.graded_at)] : ['', 'Pending', day(s.submitted_at)];
    }),
  ]);
  const safeName = courseId.replace(/[^A-Za-z0-9_-]/g, '_');
  return { filename: `gradebook-${safeName}.csv`, csv: toCsv([header, ...rows], { bom: true }) };
}
