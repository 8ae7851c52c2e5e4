import {
  DIFFICULT_LECTURE_COUNT,
  INACTIVE_AFTER_DAYS,
  AT_RISK_BELOW_PERCENT,
  type AnalyticsQuery,
  type AnalyticsResult,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError } from '../../platform/errors.js';
import * as repo from './repository.js';
import { canReadAnalytics, percent1, round1, weekStarts } from './policy.js';

const LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
const WEEKS = 8;
const INACTIVE_LIST_LIMIT = 100;

/** GET /api/analytics: every figure from aggregate queries; no per-row list beyond the short ones shown. */
export async function courseAnalytics(
  deps: AppDeps,
  actor: Actor,
  query: AnalyticsQuery,
): Promise<AnalyticsResult & { inactiveCount: number }> {
  if (!canReadAnalytics(actor)) throw authorizationError();
  const course = await repo.findCourse(deps.db, query.courseId);
  if (!course) throw notFoundError('Course not found');
  if (query.batchId && !(await repo.batchExists(deps.db, query.batchId))) throw notFoundError('Batch not found');
  const cohort: repo.Cohort = { courseId: course.id, batchId: query.batchId ?? null };
  const now = deps.clock.now();

  const [totalEnrollment, perLecture, exams, hw] = await Promise.all([
    repo.countStudents(deps.db, cohort),
    repo.completionsPerLecture(deps.db, cohort),
    repo.examScores(deps.db, cohort),
    repo.homeworkGrades(deps.db, cohort),
  ]);
  const lectureCount = perLecture.length;
  const totalCompletions = perLecture.reduce((s, l) => s + l.completions, 0);
  const atRisk = lectureCount ? await repo.studentsBelow(deps.db, cohort, lectureCount, AT_RISK_BELOW_PERCENT) : [];
  const since = new Date(now.getTime() - INACTIVE_AFTER_DAYS * 86_400_000).toISOString();
  const inactive = await repo.inactiveStudents(deps.db, cohort, since, INACTIVE_LIST_LIMIT);

  const starts = weekStarts(now, WEEKS);
  const end = new Date(new Date(starts.at(-1)!).getTime() + 7 * 86_400_000).toISOString();
  const [done, sent, examsSent] = await Promise.all([
    repo.weeklyCounts(deps.db, cohort, 'lecture_completions', starts, end),
    repo.weeklyCounts(deps.db, cohort, 'homework_submissions', starts, end),
    repo.weeklyCounts(deps.db, cohort, 'exam_attempts', starts, end),
  ]);

  const difficult =
    totalEnrollment && lectureCount
      ? [...perLecture].sort((a, b) => a.completions - b.completions || a.day - b.day).slice(0, DIFFICULT_LECTURE_COUNT)
      : [];
  return {
    courseId: course.id,
    courseTitle: course.title,
    batchId: cohort.batchId,
    lectureCount,
    totalEnrollment,
    avgCompletion: percent1(totalCompletions, totalEnrollment * lectureCount),
    avgExamScore: exams.average === null ? null : round1(exams.average),
    gradedExamCount: exams.count,
    atRiskStudents: atRisk.map((s) => ({ id: s.id, name: s.name, completion: percent1(s.completed, lectureCount) })),
    difficultLectures: difficult.map((l) => ({ lectureId: l.lectureId, title: l.title, day: l.day, completions: l.completions })),
    inactiveStudents: inactive.students,
    inactiveCount: inactive.total,
    completionPerLecture: perLecture,
    homeworkGrades: LETTERS.map((grade) => ({ grade, count: hw.get(grade) ?? 0 })),
    examScoreBands: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((b) => ({
      band: b === 90 ? '90-100' : `${b}-${b + 9}`,
      count: exams.bands.get(b) ?? 0,
    })),
    weeklyActivity: starts.map((weekStart, i) => ({
      weekStart: weekStart.slice(0, 10),
      completions: done[i]!,
      submissions: sent[i]!,
      examSubmissions: examsSent[i]!,
    })),
  };
}
