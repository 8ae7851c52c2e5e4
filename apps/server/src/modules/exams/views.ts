import { courses } from '@learn/content';
import type { ExamAnswers, ExamAttemptView, ExamQuestion, QuestionResult, StudentExamQuestion } from '@learn/shared';
import { parseAnswers, parseJson, parseQuestions, type AttemptRow, type ExamRow } from './repository.js';

/** What a student may see of a question: never the correct option, the hidden tests or the model answer (the first test is the sample). */
export function studentQuestion(q: ExamQuestion): StudentExamQuestion {
  return {
    id: q.id,
    type: q.type,
    prompt: q.prompt,
    points: q.points,
    ...(q.type === 'mcq' ? { options: q.options ?? [] } : {}),
    ...(q.type === 'debug' && q.buggyCode !== undefined ? { buggyCode: q.buggyCode } : {}),
    ...(q.type === 'code' && q.starterCode !== undefined ? { starterCode: q.starterCode } : {}),
    ...((q.type === 'code' || q.type === 'debug') && q.tests?.[0]
      ? { sample: { input: q.tests[0].stdin, expected: q.tests[0].expectedOutput } }
      : {}),
  };
}

export const maxGradeOf = (questions: ExamQuestion[]) => questions.reduce((sum, q) => sum + q.points, 0);

/** The student's view of an attempt; results (and correct options) only once graded. */
export function attemptView(exam: ExamRow, attempt: AttemptRow, now: Date): ExamAttemptView {
  const questions = parseQuestions(exam);
  const graded = attempt.status === 'graded';
  let results: Record<string, QuestionResult> | null = null;
  if (graded) {
    const scores = parseJson<Record<string, number>>(attempt.scores) ?? {};
    results = Object.fromEntries(
      questions.map((q) => [q.id, { points: scores[q.id] ?? 0, ...(q.type === 'mcq' ? { correctOption: q.correctOption } : {}) }]),
    );
  }
  return {
    examId: exam.id,
    title: exam.title,
    week: exam.week,
    duration: exam.duration_minutes,
    language: courses.find((c) => c.id === exam.course_id)?.language ?? 'python',
    questions: questions.map(studentQuestion),
    status: attempt.status,
    startedAt: attempt.started_at,
    deadline: attempt.deadline_at,
    serverNow: now.toISOString(),
    submittedAt: attempt.submitted_at,
    submittedBy: attempt.submitted_by,
    answers: parseAnswers(attempt) as ExamAnswers,
    seq: attempt.save_seq,
    grade: graded ? attempt.grade : null,
    maxGrade: attempt.max_grade,
    feedback: graded ? attempt.feedback : null,
    results,
  };
}
