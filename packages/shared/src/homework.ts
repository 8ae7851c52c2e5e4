import { z } from 'zod';
import { gradeLetters, type GradeLetter } from './constants.js';
import { MAX_CODE_BYTES, RUN_LANGUAGES, type RunLanguage } from './runner.js';

/**
 * Homework (issue 13): a student's answers to the assignment tasks of a lecture, graded by the server's
 * tests (a proposed letter) and confirmed by a guide. Hidden tests (every test after the first) never
 * reach a student: a student sees the first test as a sample and only counts for the rest.
 */
export const GRADE_LETTERS = gradeLetters;
export type AutogradeStatus = 'queued' | 'running' | 'done' | 'error' | 'none';

const byteLength = (s: string) => new TextEncoder().encode(s).length;
const code = z
  .string({ error: 'Write your answer before submitting.' })
  .refine((s) => s.trim().length > 0, 'Write your answer before submitting.')
  .refine((s) => byteLength(s) <= MAX_CODE_BYTES, 'Code is longer than 64 KiB.')
  .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.');

const taskRef = {
  lectureId: z.string({ error: 'lectureId is required' }).min(1).max(100),
  taskIndex: z.number({ error: 'taskIndex is required' }).int().min(0).max(20),
};

export const homeworkSubmitSchema = z.object({ ...taskRef, code, language: z.enum(RUN_LANGUAGES).optional() });
export const homeworkCheckSchema = homeworkSubmitSchema;
export type HomeworkSubmitRequest = z.input<typeof homeworkSubmitSchema>;

export const homeworkGradeSchema = z.object({
  grade: z.enum(GRADE_LETTERS, { error: 'Choose a grade A, B, C, D or F.' }),
  feedback: z
    .string()
    .max(5000, 'Feedback is longer than 5000 characters.')
    .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.')
    .default(''),
});

/** One test's outcome. For a student, hidden tests carry no input/expected/actual. */
export interface TestOutcome {
  index: number;
  hidden: boolean;
  passed: boolean;
  input?: string;
  expected?: string;
  actual?: string;
  /** Compile error, time limit, crash: in a beginner's words. */
  error?: string | null;
}

export interface CheckResult {
  compileOk: boolean;
  compileOutput: string;
  sample: TestOutcome | null;
  hiddenPassed: number;
  hiddenTotal: number;
  passed: number;
  total: number;
}

export interface HomeworkTask {
  lectureId: string;
  taskIndex: number;
  type: 'exercise' | 'homework';
  content: string;
  initialCode: string;
  language: RunLanguage;
  autograde: boolean;
  sample: { input: string; expected: string } | null;
  hiddenCount: number;
  /** Nudges the learner reveals one at a time (not secret; never solution code). */
  hints: string[];
}

export interface SubmissionView {
  id: number;
  studentId: string;
  studentName?: string;
  lectureId: string;
  lectureTitle?: string;
  day?: number;
  courseId: string;
  taskIndex: number;
  code: string;
  language: RunLanguage;
  submittedAt: string;
  grade: GradeLetter | null;
  feedback: string | null;
  gradedAt: string | null;
  autogradeStatus: AutogradeStatus;
  proposedGrade: GradeLetter | null;
  passed: number | null;
  total: number | null;
  /** Guides: every test with input/expected/actual. Students: the sample only, hidden ones without data. */
  tests: TestOutcome[] | null;
}

/** The latest check of a task, kept as progress (exercises are checked, not submitted). */
export interface TaskProgress {
  /** Pass/fail per test in test order (the first is the sample). */
  results: boolean[];
  passed: number;
  total: number;
  checkedAt: string;
  /** When every test first passed; stays set after a later failing check. */
  solvedAt: string | null;
}

export interface StudentHomeworkLecture {
  lectureId: string;
  day: number;
  title: string;
  tasks: (HomeworkTask & { submission: SubmissionView | null; progress: TaskProgress | null })[];
}

export interface StudentHomeworkResponse {
  lectures: StudentHomeworkLecture[];
}

export interface GuideSubmissionsResponse {
  submissions: (SubmissionView & { history: SubmissionView[] })[];
}

/** The documented mapping from the share of tests passed to a proposed letter. */
export function proposedLetter(passed: number, total: number): GradeLetter {
  if (total <= 0) return 'F';
  const share = (passed / total) * 100;
  if (share >= 100) return 'A';
  if (share >= 80) return 'B';
  if (share >= 60) return 'C';
  if (share >= 40) return 'D';
  return 'F';
}

/** Spec 9: homework submit takes at least 0.5 s (the button shows it working), and the success dialog closes 1.5 s after success. */
export const HOMEWORK_SUBMIT_DELAY_MS = 500;
export const SUBMIT_DIALOG_CLOSE_MS = 1500;
