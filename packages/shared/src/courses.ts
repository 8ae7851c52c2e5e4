import { z } from 'zod';
import { text } from './text.js';
import { blockSchema, quizQuestionSchema, type ContentBlock } from './content-blocks.js';

/**
 * The courses, lectures, progress and dashboard API contract. Server responses have these shapes; the
 * web app reads them. A field the user may not see is absent, not hidden.
 */

export const accessKinds = ['explanation', 'code', 'assignment'] as const;
export type AccessKind = (typeof accessKinds)[number];

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
export interface QuizCheckResult {
  correct: boolean;
  correctAnswer: number;
}

export const badgeIcons = ['FootprintsIcon', 'TargetIcon', 'FeatherIcon', 'GraduationCapIcon', 'BugIcon'] as const;

export interface Badge {
  id: string;
  name: string;
  description: string;
  /** One of badgeIcons; anything else shows the default medal. */
  icon: string;
}

/** The six badges (platform-core.md section 3). */
export const badges: readonly Badge[] = [
  { id: 'badge_01', name: 'First Steps', description: 'Completed your first lecture.', icon: 'FootprintsIcon' },
  { id: 'badge_02', name: 'Perfect Score', description: 'Earned full marks on an exam.', icon: 'TargetIcon' },
  { id: 'badge_03', name: 'First Exam', description: 'Submitted your first exam.', icon: 'FeatherIcon' },
  { id: 'badge_04', name: 'C Graduate', description: 'Completed every lecture of the C course.', icon: 'GraduationCapIcon' },
  { id: 'badge_05', name: 'C++ Graduate', description: 'Completed every lecture of the C++ course.', icon: 'GraduationCapIcon' },
  { id: 'badge_06', name: 'Bug Squasher', description: 'Solved 5 debugging challenges.', icon: 'BugIcon' },
];

export interface BadgeAward extends Badge {
  awardedAt: string;
}

/** POST /api/lectures/:lectureId/complete */
export interface CompleteLectureResult {
  completed: true;
  /** Badges this completion earned (empty when none); the dialog shows each once. */
  newBadges: BadgeAward[];
}

export interface GradeItem {
  kind: 'homework' | 'exam';
  /** Lecture title for homework; 'Week N Exam' for exams. */
  title: string;
  /** A letter (homework) or 'score/max' (exams). */
  grade: string;
  /** Percent, when the grade has a numeric value; green above 80. */
  numeric: number | null;
  gradedAt: string;
}

/** GET /api/dashboard/student?courseId= */
export interface StudentDashboard {
  courseId: string;
  courseTitle: string;
  lectureCount: number;
  completedCount: number;
  /** Percent of the course's lectures completed, 0-100. */
  percentComplete: number;
  /** The next accessible lecture not yet completed. */
  continueLecture: { id: string; day: number; title: string } | null;
  /** The latest 3 graded homework and exams, newest first. */
  recentGrades: GradeItem[];
  /** The last 3 badges earned, newest first. */
  badges: BadgeAward[];
}

export interface GuideStudentRow {
  id: string;
  name: string;
  email: string;
  batchName: string | null;
  completedCount: number;
  percentComplete: number;
  lastLogin: string | null;
}

/** GET /api/dashboard/guide?courseId= */
export interface GuideDashboard {
  courseId: string;
  courseTitle: string;
  lectureCount: number;
  students: GuideStudentRow[];
  /** Homework submissions waiting for a grade (in this course). */
  pendingHomework: number;
  /** Exam submissions waiting for a grade (in this course). */
  pendingExams: number;
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

/** PUT /api/access: one change set, applied in one transaction. */
export const accessChangeSchema = z.object({
  changes: z
    .array(
      z.object({
        studentId: text().min(1),
        lectureId: text().min(1),
        kind: z.enum(accessKinds),
        granted: z.boolean(),
      }),
    )
    .min(1, 'No changes to apply')
    .max(20_000),
});
export type AccessChange = z.infer<typeof accessChangeSchema>['changes'][number];
