import { EXAM_SAVE_GRACE_SECONDS, type ExamQuestion, type TestOutcome } from '@learn/shared';
import type { Executor } from '../../db/executor.js';
import { notFoundError } from '../../platform/errors.js';
import * as repo from './repository.js';

/*
 * The exams module's services, one per sub-resource (compose.ts builds each once):
 *   authoring.ts  ExamAuthoring  guides create, edit, delete and preview exams
 *   attempts.ts   ExamAttempts   students list, open, save and submit; the deadline job; "in an exam now?"
 *   grading.ts    ExamGrading    guides list submissions, run their tests and grade them
 *   check.ts      ExamCheck      a student's answer against the sample test during an attempt
 * This file holds what they share.
 */

/** Answers saved up to this long after the deadline still count (a slow network at the last second). */
export const GRACE_MS = EXAM_SAVE_GRACE_SECONDS * 1000;

/** Runs a code or debug answer against a question's tests (the homework grader's runner, for exams). */
/** Runs an answer against a question's tests; `waiting`: a student waits at the page (a check, with the runs' deadline). */
export type ExamTestRunner = (question: ExamQuestion, code: string, courseId: string, waiting?: boolean) => Promise<TestOutcome[]>;

export async function examOr404(db: Executor, id: string): Promise<repo.ExamRow> {
  const exam = await repo.findExam(db, id);
  if (!exam) throw notFoundError('Exam not found');
  return exam;
}

export async function courseOr404(db: Executor, courseId: string): Promise<void> {
  if (!(await repo.courseExists(db, courseId))) throw notFoundError('Course not found');
}
