import { z } from 'zod';
import { MAX_CODE_BYTES, type RunLanguage } from './runner.js';
import type { TestOutcome } from './homework.js';

/**
 * Weekly exams (issue 14). The server keeps the attempt, its clock and the answer keys: a student's payload
 * never carries correct options, tests or model answers before grading, and the deadline is the server's
 * start time plus the duration, whatever the browser's clock says.
 */
export const EXAM_QUESTION_TYPES = ['mcq', 'short-answer', 'debug', 'code'] as const;
export type ExamQuestionType = (typeof EXAM_QUESTION_TYPES)[number];
export const EXAM_DEFAULT_DURATION = 60;
export const EXAM_DEFAULT_POINTS = 10;
export const EXAM_WEEKS = 8;
/** Lectures a student must have completed (by day number) to open the exam of each week (spec, section 9). */
export const EXAM_UNLOCK_LECTURES: Record<number, number> = { 1: 7, 2: 14, 3: 21, 4: 25, 5: 32, 6: 38, 7: 44, 8: 50 };
/** Saves arriving this long after the deadline are still taken (answers in flight); later ones are refused. */
export const EXAM_SAVE_GRACE_SECONDS = 10;
export const EXAM_AUTOSAVE_SECONDS = 10;
export const TIME_UP_ALERT = "Time's up! Your exam has been submitted automatically.";

export const examTitle = (week: number) => `Week ${week} Assessment`;
export const unlockMessage = (remaining: number) => `Complete ${remaining} more lecture(s) to unlock.`;

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number, what: string) =>
  z.string().max(max, `${what} is longer than ${max} characters.`).refine(noNul, 'Text must not contain NUL characters.');
const codeText = z
  .string()
  .refine((s) => new TextEncoder().encode(s).length <= MAX_CODE_BYTES, 'Code is longer than 64 KiB.')
  .refine(noNul, 'Text must not contain NUL characters.');

export const examTestSchema = z.object({ stdin: text(10_000, 'Test input').default(''), expectedOutput: text(10_000, 'Expected output') });
export type ExamTest = z.infer<typeof examTestSchema>;

/** A question as a guide edits it, keys included. */
export const examQuestionSchema = z
  .object({
    id: z.string().min(1).max(40),
    type: z.enum(EXAM_QUESTION_TYPES),
    prompt: text(5000, 'Question'),
    points: z.number({ error: 'Points must be a number.' }).int('Points must be a whole number.').min(0).max(1000).catch(0),
    options: z.array(text(500, 'Option')).max(8, 'At most 8 options.').optional(),
    correctOption: z.number().int().min(0).optional(),
    buggyCode: codeText.optional(),
    starterCode: codeText.optional(),
    /** Code and debug questions: run against the answer for a suggested score; never shown to students. */
    tests: z.array(examTestSchema).max(20).optional(),
    /** Short-answer, code and debug: what the guide expects (never shown to students before grading). */
    modelAnswer: text(20_000, 'Model answer').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'mcq') {
      if (!q.options || q.options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'A multiple-choice question needs at least 2 options.' });
      else if (q.correctOption === undefined || q.correctOption >= q.options.length)
        ctx.addIssue({ code: 'custom', path: ['correctOption'], message: 'Choose which option is correct.' });
    }
  });
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examCreateSchema = z.object({
  courseId: z.string().min(1).max(100),
  week: z
    .number({ error: 'Choose a week from 1 to 8.' })
    .int()
    .min(1, 'Choose a week from 1 to 8.')
    .max(EXAM_WEEKS, 'Choose a week from 1 to 8.'),
});

export const examEditSchema = z.object({
  title: text(200, 'Title').refine((s) => s.trim().length > 0, 'Give the exam a title.'),
  /** Minutes; not a number -> 60 (spec). */
  duration: z.coerce
    .number()
    .int()
    .min(1, 'An exam lasts at least 1 minute.')
    .max(600, 'An exam lasts at most 600 minutes.')
    .catch(EXAM_DEFAULT_DURATION),
  questions: z.array(examQuestionSchema).max(100, 'At most 100 questions.'),
  /** Set after the guide confirmed the warning about students who already started. */
  confirmStarted: z.boolean().optional(),
});
export type ExamEdit = z.input<typeof examEditSchema>;

/** A guide's view of an exam. */
export interface ExamView {
  id: string;
  courseId: string;
  week: number;
  title: string;
  duration: number;
  questions: ExamQuestion[];
  maxGrade: number;
  attempts: { inProgress: number; submitted: number; graded: number };
  updatedAt: string;
}

/** A question as a student sees it: no correct option, no tests, no model answer. */
export interface StudentExamQuestion {
  id: string;
  type: ExamQuestionType;
  prompt: string;
  points: number;
  options?: string[];
  buggyCode?: string;
  starterCode?: string;
  /** Code and debug questions with tests: the first test, shown as a sample the student may Check against. */
  sample?: { input: string; expected: string };
}

/** POST /api/exams/:id/attempt/check: the answer run against the question's sample test only. */
export const examCheckSchema = z.object({ questionId: z.string().min(1).max(40), code: codeText });

/** The sample test's outcome: nothing about other tests, no points. */
export interface ExamCheckResult {
  passed: boolean;
  input: string;
  expected: string;
  actual: string;
  /** Compile error, time limit, crash: in a beginner's words. */
  error: string | null;
}

/** Checks per student per minute during an exam. */
export const EXAM_CHECKS_PER_MINUTE = 20;

export type AttemptStatus = 'in-progress' | 'submitted' | 'graded';

/** One card of the student's exam list. */
export interface ExamCard {
  id: string;
  week: number;
  title: string;
  duration: number;
  questionCount: number;
  maxGrade: number;
  locked: boolean;
  /** Lectures still to complete before it unlocks (0 when open). */
  remainingLectures: number;
  status: AttemptStatus | 'not-started';
  grade: number | null;
  /** A started attempt: seconds left on the server's clock when the list was made (null otherwise). */
  secondsLeft: number | null;
}

export type ExamAnswers = Record<string, string | number | null>;

export interface QuestionResult {
  /** The points given by the guide (or automatically for mcq); null until graded, except mcq. */
  points: number | null;
  /** Shown after grading: the correct option of an mcq. */
  correctOption?: number;
  /** The guide's view: test results of a code or debug answer. */
  tests?: TestOutcome[];
}

/** The student's attempt: server times decide; `serverNow` lets the page correct its clock. */
export interface ExamAttemptView {
  examId: string;
  title: string;
  week: number;
  duration: number;
  /** The course's language: code and debug answers are edited and run in it. */
  language: RunLanguage;
  questions: StudentExamQuestion[];
  status: AttemptStatus;
  startedAt: string;
  deadline: string;
  serverNow: string;
  submittedAt: string | null;
  /** 'student' (Submit Final Answers), 'timer' (the page at the deadline) or 'server' (the job). */
  submittedBy: 'student' | 'timer' | 'server' | null;
  answers: ExamAnswers;
  /** The sequence number of the last save the server kept. */
  seq: number;
  /** After grading only. */
  grade: number | null;
  maxGrade: number;
  feedback: string | null;
  results: Record<string, QuestionResult> | null;
}

export const examSaveSchema = z.object({
  seq: z.number().int().min(1).max(2_147_483_647),
  answers: z
    .record(z.string().max(40), z.union([z.string(), z.number(), z.null()]))
    .refine(
      (a) => Object.keys(a).length <= 100 && Object.values(a).every((v) => typeof v !== 'string' || (v.length <= 70_000 && noNul(v))),
      'An answer is too long or holds a NUL character.',
    ),
});
export type ExamSave = z.infer<typeof examSaveSchema>;

export interface ExamSaveResult {
  seq: number;
  savedAt: string;
  serverNow: string;
  deadline: string;
  /** The save arrived after a newer one: nothing changed. */
  stale: boolean;
}

export const examSubmitSchema = z.object({
  seq: z.number().int().min(1).max(2_147_483_647).optional(),
  answers: examSaveSchema.shape.answers.optional(),
  /** The page's timer reached zero (the server checks the time itself). */
  timeUp: z.boolean().optional(),
});

/** A submission as a guide grades it. */
export interface ExamSubmissionView {
  id: number;
  examId: string;
  examTitle: string;
  week: number;
  studentId: string;
  studentName: string;
  status: AttemptStatus;
  startedAt: string;
  submittedAt: string | null;
  submittedBy: 'student' | 'timer' | 'server' | null;
  questions: ExamQuestion[];
  answers: ExamAnswers;
  /** Automatic points (mcq) and suggested points (code/debug tests) per question. */
  autoPoints: Record<string, number | null>;
  tests: Record<string, TestOutcome[]>;
  scores: Record<string, number> | null;
  grade: number | null;
  maxGrade: number;
  feedback: string | null;
}

export const examGradeSchema = z.object({
  scores: z.record(z.string().max(40), z.number({ error: 'Scores must be numbers.' }).min(0, 'A score cannot be negative.')),
  feedback: text(5000, 'Feedback').default(''),
});
export type ExamGrade = z.input<typeof examGradeSchema>;
