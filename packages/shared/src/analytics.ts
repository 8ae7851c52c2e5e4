import { z } from 'zod';

/** At-risk means completion below this percent (exactly 25 % is not at risk). */
export const AT_RISK_BELOW_PERCENT = 25;
/** Students with no activity for this many days are listed as inactive. */
export const INACTIVE_AFTER_DAYS = 7;
/** How many lectures "Most Difficult Lectures" lists. */
export const DIFFICULT_LECTURE_COUNT = 5;

export const analyticsQuerySchema = z.object({
  courseId: z.string().min(1).max(100),
  batchId: z.string().min(1).max(100).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export interface AnalyticsStudent {
  id: string;
  name: string;
  /** Percent of the course's lectures completed, 1 decimal. */
  completion: number;
}

export interface AnalyticsResult {
  courseId: string;
  courseTitle: string;
  batchId: string | null;
  lectureCount: number;
  totalEnrollment: number;
  /** Average lecture completion rate, percent, 1 decimal. */
  avgCompletion: number;
  /** Average over all graded exam attempts, percent, 1 decimal; null when none is graded yet. */
  avgExamScore: number | null;
  gradedExamCount: number;
  atRiskStudents: AnalyticsStudent[];
  difficultLectures: { lectureId: string; title: string; day: number; completions: number }[];
  inactiveStudents: { id: string; name: string; lastActiveAt: string | null }[];
  completionPerLecture: { lectureId: string; day: number; title: string; completions: number }[];
  homeworkGrades: { grade: 'A' | 'B' | 'C' | 'D' | 'F'; count: number }[];
  /** Graded exam attempts by percent band: '0-9' ... '90-100'. */
  examScoreBands: { band: string; count: number }[];
  /** Lecture completions, homework submissions and exam submissions per week (Monday, UTC), last 8 weeks. */
  weeklyActivity: { weekStart: string; completions: number; submissions: number; examSubmissions: number }[];
}

/** Loading problems: the info appears after this long (content-and-features 9). */
export const LOADING_WARNING_MS = 10_000;
