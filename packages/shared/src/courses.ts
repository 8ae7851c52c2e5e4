import { z } from 'zod';
import { text } from './text.js';
import { blockSchema, quizQuestionSchema, type ContentBlock } from './content-blocks.js';
import type { AccessKind } from './access.js';

/**
 * The courses and lectures API contract (reading and editing). Server responses have these shapes; the
 * web app reads them. A field the user may not see is absent, not hidden.
 */

export interface CourseSummary {
  id: string;
  prefix: string;
  title: string;
  lectureCount: number;
}

/** GET /api/courses?prefix=c-cpp */
export interface CoursesResponse {
  courses: CourseSummary[];
}

export interface LectureListItem {
  id: string;
  day: number;
  title: string;
  /** A student may open a lecture when they hold at least one grant for it; guides always. */
  accessible: boolean;
  completed: boolean;
}

/** GET /api/courses/:courseId/lectures — the sidebar list. */
export interface CourseLecturesResponse {
  course: CourseSummary;
  lectures: LectureListItem[];
}

/** A quiz question as a student receives it: no answer key. */
export interface QuizQuestionView {
  question: string;
  options: string[];
}

export const taskTypes = ['exercise', 'homework'] as const;
export type TaskType = (typeof taskTypes)[number];

/** A practice task as the lecture page shows it: never the solution or the tests. */
export interface TaskView {
  type: TaskType;
  content: string;
  initialCode?: string;
}

/** GET /api/lectures/:lectureId */
export interface LectureView {
  id: string;
  courseId: string;
  courseTitle: string;
  prefix: string;
  day: number;
  title: string;
  description: string;
  keyConcepts: string[];
  quickQuiz: QuizQuestionView[];
  /** Present only with the explanation grant (guides always). */
  detailedContent?: ContentBlock[];
  /** Present only with the code grant (guides always). */
  codeContent?: ContentBlock[];
  /** Present only with the assignment grant (guides always). */
  tasks?: TaskView[];
  access: Record<AccessKind, boolean>;
  completed: boolean;
}

/** POST /api/lectures/:lectureId/quiz/:index/check */
export const quizCheckSchema = z.object({ answer: z.number().int().min(0).max(3) });
/** Only right or wrong: the answer key never leaves the server, even after a wrong answer. */
export interface QuizCheckResult {
  correct: boolean;
}

/** The editable lecture, for guides: includes the quiz answer key. GET/PUT /api/lectures/:lectureId/edit */
export const lectureEditSchema = z.object({
  title: text().trim().min(1, 'Title is required').max(200),
  description: text().trim().min(1, 'Description is required').max(2000),
  keyConcepts: z.array(text().trim().min(1)).max(20),
  detailedContent: z.array(blockSchema),
  codeContent: z.array(blockSchema),
  quickQuiz: z.array(quizQuestionSchema).max(10),
});
export type LectureEdit = z.infer<typeof lectureEditSchema>;

export interface LectureEditView extends LectureEdit {
  id: string;
  courseId: string;
  day: number;
  updatedAt: string | null;
}

/** Manage Assignments: a lecture's tasks (type, content, starter code). GET/PUT /api/lectures/:lectureId/assignment */
export const assignmentEditSchema = z.object({
  tasks: z
    .array(
      z.object({
        type: z.enum(taskTypes),
        content: text().trim().min(1, 'Task text is required').max(10_000),
        initialCode: text().max(50_000).optional(),
        /**
         * Which saved task (by index) this one was edited from, or null for a new task. A task keeps its
         * reference solution and tests only when it comes from a saved task of the same type, wherever it
         * now stands. Omitted by older clients: then the task at the same place counts.
         */
        from: z.number().int().min(0).max(1).nullable().optional(),
      }),
    )
    .min(1, 'An assignment has at least one task')
    .max(2, 'An assignment has at most two tasks'),
});
export type AssignmentEdit = z.infer<typeof assignmentEditSchema>;

export interface AssignmentView {
  id: string;
  lectureId: string;
  lectureTitle: string;
  day: number;
  tasks: (TaskView & { autograded: boolean; testCount: number })[];
}
