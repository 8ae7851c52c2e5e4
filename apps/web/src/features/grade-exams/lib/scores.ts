import type { ExamQuestion, ExamSubmissionView } from '@learn/shared';

/** Score inputs by question id: a number, or '' while empty. */
export type ScoreInputs = Record<string, number | string>;

/** How an answer reads to the grader: an option letter with its text for a multiple choice, else the text. */
export function answerText(q: ExamQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(no answer)';
  if (q.type === 'mcq')
    return typeof value === 'number' ? `${String.fromCharCode(65 + value)}. ${q.options?.[value] ?? ''}` : String(value);
  return String(value);
}

/** The scores to start from: the saved grade, else the automatic points, else empty. */
export function initialScores(s: ExamSubmissionView): ScoreInputs {
  return Object.fromEntries(s.questions.map((q) => [q.id, s.scores?.[q.id] ?? s.autoPoints[q.id] ?? '']));
}

/** Suggested points fill the scores the mate has not typed yet; typed ones stay. */
export function fillSuggested(scores: ScoreInputs, autoPoints: ExamSubmissionView['autoPoints']): ScoreInputs {
  const filled = { ...scores };
  for (const [id, points] of Object.entries(autoPoints))
    if (points !== null && (scores[id] === '' || scores[id] === undefined)) filled[id] = points;
  return filled;
}

/** The scores to send: every question, an empty one as 0. */
export function scoresToSend(questions: ExamQuestion[], scores: ScoreInputs): Record<string, number> {
  return Object.fromEntries(questions.map((q) => [q.id, Number(scores[q.id]) || 0]));
}

export const totalScore = (questions: ExamQuestion[], scores: ScoreInputs) =>
  questions.reduce((sum, q) => sum + (Number(scores[q.id]) || 0), 0);
