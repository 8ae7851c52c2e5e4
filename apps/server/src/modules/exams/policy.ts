import { EXAM_UNLOCK_LECTURES, type ExamQuestion } from '@learn/shared';
import type { Actor } from '../../platform/authenticate.js';

/** Guides create, edit, preview and grade exams. */
export const canManageExams = (actor: Actor) => actor.role === 'guide';

/** Students take exams (guides preview them instead). */
export const canTakeExams = (actor: Actor) => actor.role === 'student';

/** Lectures still to complete before the exam of `week` opens (0: open). Unknown weeks need 50 (the last). */
export function lecturesToUnlock(week: number, completed: number): number {
  const needed = EXAM_UNLOCK_LECTURES[week] ?? EXAM_UNLOCK_LECTURES[8]!;
  return Math.max(0, needed - completed);
}

/** The guard on editing an exam that students already started: what the guide is told before saving. */
export function startedWarning(counts: { inProgress: number; submitted: number; graded: number }): string | null {
  const { inProgress, submitted, graded } = counts;
  if (inProgress + submitted + graded === 0) return null;
  const parts = [
    inProgress ? `${inProgress} student(s) are taking it now and will see the changed questions when their page reloads` : '',
    submitted + graded ? `${submitted + graded} submission(s) keep their answers, which are then graded against the changed questions` : '',
  ].filter(Boolean);
  return `This exam has attempts: ${parts.join('; ')}. Save again to confirm.`;
}

/** mcq answers are graded on submit: exact match of the chosen option, all points or none. */
export function mcqPoints(question: ExamQuestion, answer: unknown): number | null {
  if (question.type !== 'mcq') return null;
  return typeof answer === 'number' && answer === question.correctOption ? question.points : 0;
}

/** A guide's score for a question is a number from 0 to the question's points. */
export function scoreWithinLimits(score: number, question: ExamQuestion): boolean {
  return Number.isFinite(score) && score >= 0 && score <= question.points;
}
