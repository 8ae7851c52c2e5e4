import type { ContentBlock, ExamAnswers, ExamQuestion, SimilarityScope } from '@learn/shared';
import type { LessonTask } from '@learn/content';
import type { Executor } from '../../db/executor.js';

/** What one comparison reads: every student's latest program for the scope, and the code everyone was given. */
export interface ScopeInputs {
  courseId: string;
  label: string;
  language: 'c' | 'cpp' | 'python';
  programs: { ref: number; studentId: string; code: string }[];
  /** Starter code and the lesson's own examples: left out of the comparison. */
  given: string[];
}

const codeOf = (blocks: ContentBlock[], language: string) =>
  blocks.flatMap((b) => (b.type === 'code' && b.language === language && b.code.trim() ? [b.code] : []));

async function homeworkInputs(
  db: Executor,
  lectureId: string,
  taskIndex: number,
  courseLanguage: (courseId: string) => ScopeInputs['language'],
) {
  const lesson = await db
    .selectFrom('assignments')
    .innerJoin('lectures', 'lectures.id', 'assignments.lecture_id')
    .select([
      'assignments.course_id',
      'assignments.tasks',
      'lectures.day',
      'lectures.title',
      'lectures.detailed_content',
      'lectures.code_content',
    ])
    .where('assignments.lecture_id', '=', lectureId)
    .executeTakeFirst();
  const task = lesson && (JSON.parse(lesson.tasks) as LessonTask[])[taskIndex];
  if (!lesson || !task) return undefined;
  const rows = await db
    .selectFrom('homework_submissions')
    .select(['id', 'student_id', 'code', 'language'])
    .where('lecture_id', '=', lectureId)
    .where('task_index', '=', taskIndex)
    .where('superseded', '=', 0)
    .orderBy('id')
    .execute();
  const language = rows[0]?.language ?? courseLanguage(lesson.course_id);
  const blocks = [...(JSON.parse(lesson.detailed_content) as ContentBlock[]), ...(JSON.parse(lesson.code_content) as ContentBlock[])];
  return {
    courseId: lesson.course_id,
    label: `Day ${lesson.day}: ${lesson.title} · task ${taskIndex + 1}`,
    language,
    programs: rows.filter((r) => r.language === language).map((r) => ({ ref: Number(r.id), studentId: r.student_id, code: r.code })),
    given: [...(task.initialCode?.trim() ? [task.initialCode] : []), ...codeOf(blocks, language)],
  } satisfies ScopeInputs;
}

async function examInputs(db: Executor, examId: string, questionId: string, courseLanguage: (courseId: string) => ScopeInputs['language']) {
  const exam = await db.selectFrom('exams').select(['course_id', 'title', 'questions']).where('id', '=', examId).executeTakeFirst();
  const questions = exam ? (JSON.parse(exam.questions) as ExamQuestion[]) : [];
  const index = questions.findIndex((q) => q.id === questionId);
  const question = questions[index];
  if (!exam || !question || (question.type !== 'code' && question.type !== 'debug')) return undefined;
  const attempts = await db
    .selectFrom('exam_attempts')
    .select(['id', 'student_id', 'answers'])
    .where('exam_id', '=', examId)
    .where('status', 'in', ['submitted', 'graded'])
    .orderBy('id')
    .execute();
  const programs = attempts.flatMap((a) => {
    const answer = (JSON.parse(a.answers) as ExamAnswers)[questionId];
    return typeof answer === 'string' && answer.trim() ? [{ ref: Number(a.id), studentId: a.student_id, code: answer }] : [];
  });
  return {
    courseId: exam.course_id,
    label: `${exam.title} · question ${index + 1}`,
    language: courseLanguage(exam.course_id),
    programs,
    given: [question.starterCode, question.buggyCode].filter((c): c is string => !!c?.trim()),
  } satisfies ScopeInputs;
}

/** The programs and the given code of a scope; undefined when the task or question does not exist. */
export function scopeInputs(db: Executor, scope: SimilarityScope, courseLanguage: (courseId: string) => ScopeInputs['language']) {
  return scope.kind === 'homework'
    ? homeworkInputs(db, scope.lectureId, scope.taskIndex, courseLanguage)
    : examInputs(db, scope.examId, scope.questionId, courseLanguage);
}

/** The homework tasks (with submissions) and the exam code/debug questions of a course, for the picker. */
export async function courseScopes(db: Executor, courseId: string) {
  const tasks = await db
    .selectFrom('homework_submissions as s')
    .innerJoin('lectures as l', 'l.id', 's.lecture_id')
    .select(['s.lecture_id', 's.task_index', 'l.day', 'l.title'])
    .select((eb) => eb.fn.countAll<number | string>().as('submissions'))
    .where('s.course_id', '=', courseId)
    .where('s.superseded', '=', 0)
    .groupBy(['s.lecture_id', 's.task_index', 'l.day', 'l.title'])
    .orderBy('l.day')
    .orderBy('s.task_index')
    .execute();
  const exams = await db
    .selectFrom('exams')
    .select(['id', 'title', 'week', 'questions'])
    .where('course_id', '=', courseId)
    .orderBy('week')
    .execute();
  const attempts = await db
    .selectFrom('exam_attempts')
    .select(['exam_id', 'answers'])
    .where('course_id', '=', courseId)
    .where('status', 'in', ['submitted', 'graded'])
    .execute();
  return {
    homework: tasks.map((t) => ({
      scope: { kind: 'homework' as const, lectureId: t.lecture_id, taskIndex: t.task_index },
      label: `Day ${t.day}: ${t.title} · task ${t.task_index + 1}`,
      submissions: Number(t.submissions),
    })),
    exam: exams.flatMap((e) =>
      (JSON.parse(e.questions) as ExamQuestion[]).flatMap((q, i) =>
        q.type === 'code' || q.type === 'debug'
          ? [
              {
                scope: { kind: 'exam' as const, examId: e.id, questionId: q.id },
                label: `${e.title} · question ${i + 1}`,
                submissions: attempts.filter((a) => {
                  const answer = a.exam_id === e.id && (JSON.parse(a.answers) as ExamAnswers)[q.id];
                  return typeof answer === 'string' && answer.trim() !== '';
                }).length,
              },
            ]
          : [],
      ),
    ),
  };
}

export async function studentNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One program of a scope by its ref (a submission id or an attempt id), for the side-by-side view. */
export async function programCode(db: Executor, scope: SimilarityScope, ref: number): Promise<string | undefined> {
  if (scope.kind === 'homework') {
    const row = await db.selectFrom('homework_submissions').select('code').where('id', '=', ref).executeTakeFirst();
    return row?.code;
  }
  const row = await db.selectFrom('exam_attempts').select('answers').where('id', '=', ref).executeTakeFirst();
  const answer = row && (JSON.parse(row.answers) as ExamAnswers)[scope.questionId];
  return typeof answer === 'string' ? answer : undefined;
}
