/**
 * Quiz balance: a learner must not be able to pass a course's quizzes by picking the longest option or by
 * always picking the same position. Per course:
 * - the share of questions whose correct option is the strictly longest stays at or below 35 % (chance
 *   with 4 options is about 25 %; the margin allows an answer that is honestly a little longer);
 * - each answer position (A-D) is correct in 15 %-35 % of the questions.
 */
import type { QuizQuestion } from './schema.js';

export const MAX_LONGEST_SHARE = 0.35;
export const MIN_POSITION_SHARE = 0.15;
export const MAX_POSITION_SHARE = 0.35;

/**
 * Courses whose quizzes still wait for their rewrite: the check reports their imbalance as a warning. Remove
 * a course from this list once its quizzes are rewritten; then an imbalance fails the content check.
 */
export const QUIZ_REWRITE_PENDING: readonly string[] = [];

export interface QuizRef {
  file: string;
  index: number;
  question: QuizQuestion;
}

export interface QuizBalance {
  total: number;
  longest: QuizRef[];
  positions: [number, number, number, number];
}

/** True when the correct option is longer than every other option. */
export function correctIsStrictlyLongest(q: QuizQuestion): boolean {
  const len = q.options[q.correctAnswer]?.length ?? 0;
  return q.options.every((o, i) => i === q.correctAnswer || o.length < len);
}

export function quizBalance(quizzes: QuizRef[]): QuizBalance {
  const positions: [number, number, number, number] = [0, 0, 0, 0];
  for (const q of quizzes) positions[q.question.correctAnswer as 0 | 1 | 2 | 3]++;
  return { total: quizzes.length, longest: quizzes.filter((q) => correctIsStrictlyLongest(q.question)), positions };
}

/** The balance problems of one course, in words a content author acts on; empty when balanced. */
export function quizBalanceProblems(course: string, quizzes: QuizRef[]): string[] {
  const b = quizBalance(quizzes);
  if (b.total === 0) return [];
  const problems: string[] = [];
  const share = b.longest.length / b.total;
  if (share > MAX_LONGEST_SHARE)
    problems.push(
      `${course}: the correct option is the strictly longest in ${b.longest.length} of ${b.total} questions (${Math.round(share * 100)} %, at most ${MAX_LONGEST_SHARE * 100} %): ` +
        b.longest.map((q) => `${q.file}#${q.index}`).join(', '),
    );
  b.positions.forEach((n, i) => {
    const s = n / b.total;
    if (s < MIN_POSITION_SHARE || s > MAX_POSITION_SHARE)
      problems.push(
        `${course}: option ${'ABCD'[i]} is correct in ${n} of ${b.total} questions (${Math.round(s * 100)} %, allowed ${MIN_POSITION_SHARE * 100}-${MAX_POSITION_SHARE * 100} %)`,
      );
  });
  return problems;
}
