import type { StudentRow } from './people.js';

/** Lecture completion, badges and a student's progress. */
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

/** GET /api/students/:id/progress */
export interface StudentProgress {
  student: StudentRow;
  courses: {
    courseId: string;
    title: string;
    lectureCount: number;
    completed: { lectureId: string; day: number; title: string; completedAt: string }[];
  }[];
  badges: BadgeAward[];
  homework: { lectureId: string; lectureTitle: string; grade: string | null; submittedAt: string }[];
  exams: { examId: string; title: string; status: string; grade: number | null; maxGrade: number | null }[];
}
