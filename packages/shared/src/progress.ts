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

/** GET /api/badges/unseen: badges whose "Achievement Unlocked!" dialog the student has not closed yet. */
export interface UnseenBadgesResponse {
  badges: BadgeAward[];
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
  /** The student's current submission of each task, as the student sees it on Assignments. */
  homework: StudentProgressHomework[];
  /** The student's exam attempts, as the student sees them on Exams. */
  exams: StudentProgressExam[];
}

export interface StudentProgressHomework {
  courseId: string;
  courseTitle: string;
  lectureId: string;
  lectureTitle: string;
  day: number;
  taskIndex: number;
  /** 'graded' once a guide gave a letter; 'submitted' while it waits. */
  state: 'submitted' | 'graded';
  grade: string | null;
  feedback: string | null;
  submittedAt: string;
  gradedAt: string | null;
}

export interface StudentProgressExam {
  courseId: string;
  /** The course area the review lives in (/{prefix}/grade-exams). */
  coursePrefix: string;
  examId: string;
  title: string;
  week: number;
  status: 'in-progress' | 'submitted' | 'graded';
  /** After grading only. */
  grade: number | null;
  maxGrade: number;
  /** Whole per cent of maxGrade, after grading only. */
  percentage: number | null;
  submittedAt: string | null;
  gradedAt: string | null;
}
