import type { ExamQuestion, ExamView } from '@learn/shared';

/** The name of each question type, as the editor and the preview show it. */
export const questionTypeNames: Record<ExamQuestion['type'], string> = {
  mcq: 'Multiple choice',
  'short-answer': 'Short answer',
  debug: 'Debug',
  code: 'Code',
};

/** The list with question `i` swapped with its neighbour `delta` away (the caller offers only moves that exist). */
export function moveQuestion<T>(questions: T[], i: number, delta: -1 | 1): T[] {
  const next = [...questions];
  [next[i], next[i + delta]] = [next[i + delta]!, next[i]!];
  return next;
}

/** How many students opened the exam at all: saving then asks for a confirmation. */
export const startedCount = (exam: ExamView) => exam.attempts.inProgress + exam.attempts.submitted + exam.attempts.graded;
