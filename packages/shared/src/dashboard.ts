import type { BadgeAward } from './progress.js';

/** The student and guide dashboards. */
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
