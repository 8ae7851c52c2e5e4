import { z } from 'zod';

/**
 * Similar submissions (issue 30): the server compares every student's latest answer to one homework task
 * or one exam code/debug question with Dolos (tree-sitter tokens, winnowed fingerprints) and ranks the
 * pairs. Guides only: nothing of it, and nothing of another student's code, ever reaches a student.
 */

/**
 * Default share of matching code from which a pair is flagged, for a course that has not set its own. In
 * the benchmark's six classes (docs/similarity.md) every planted copy scores 0.89 or more and no
 * independent pair of the "steps" classes reaches 0.85; Dolos' own advice for each comparison (the
 * server's similarity/cutoff.ts) is stored and shown beside it, for the guide to apply, but is not the
 * default: in the "approaches" classes it misses one copy in nine.
 */
export const SIMILARITY_DEFAULT_THRESHOLD = 0.85;
/** Pairs below this share are not kept at all (the lowest threshold a course may set). */
export const SIMILARITY_MIN_THRESHOLD = 0.5;

/** What is compared: one homework task, or one code/debug question of an exam. */
export type SimilarityScope =
  { kind: 'homework'; lectureId: string; taskIndex: number } | { kind: 'exam'; examId: string; questionId: string };

const idPart = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^:]+$/);

/** A scope as one string (`homework:<lectureId>:<taskIndex>` or `exam:<examId>:<questionId>`), for URLs and keys. */
export const scopeKeySchema = z
  .string({ error: 'scope is required' })
  .max(250)
  .refine((s) => parseScopeKey(s) !== null, 'Unknown scope: expected homework:<lecture>:<task> or exam:<exam>:<question>.');

export function scopeKey(scope: SimilarityScope): string {
  return scope.kind === 'homework' ? `homework:${scope.lectureId}:${scope.taskIndex}` : `exam:${scope.examId}:${scope.questionId}`;
}

export function parseScopeKey(key: string): SimilarityScope | null {
  const [kind, a, b, ...rest] = key.split(':');
  if (rest.length > 0 || !idPart.safeParse(a).success || !idPart.safeParse(b).success) return null;
  if (kind === 'homework') {
    const taskIndex = Number(b);
    return Number.isInteger(taskIndex) && taskIndex >= 0 && taskIndex <= 20 ? { kind, lectureId: a!, taskIndex } : null;
  }
  if (kind === 'exam') return { kind, examId: a!, questionId: b! };
  return null;
}

export type SimilarityRunStatus = 'none' | 'queued' | 'running' | 'done' | 'error';

/** One thing that can be compared, as the guide's picker lists it. */
export interface SimilarityScopeView {
  scope: string;
  kind: 'homework' | 'exam';
  /** "Day 3: Loops · task 1" or "Week 2 Assessment · question 4". */
  label: string;
  submissions: number;
  status: SimilarityRunStatus;
  /** Pairs at or above the course's threshold in the last comparison (null before the first). */
  flagged: number | null;
}

export interface SimilaritySide {
  studentId: string;
  studentName: string;
  /** The homework submission id, or the exam attempt id. */
  ref: number;
}

export interface SimilarityReviewView {
  note: string;
  by: string;
  at: string;
}

export interface SimilarityPairView {
  id: number;
  left: SimilaritySide;
  right: SimilaritySide;
  /** Share of both programs' fingerprints that match, 0..1 (Dolos' similarity). */
  similarity: number;
  /** The longest matching fragment (one of Dolos' fragments: a run of matching k-grams), in lines. */
  longest: number;
  /** That fragment's share of the shorter program's lines, 0..1: how much of it one block covers. */
  longestShare: number;
  reviewed: SimilarityReviewView | null;
}

export interface SimilarityReport {
  scope: string;
  label: string;
  status: SimilarityRunStatus;
  /** Work done of the comparison under way (files read, then pairs compared). */
  progress: { done: number; total: number };
  /** True while newer submissions wait for the next comparison. */
  stale: boolean;
  computedAt: string | null;
  error: string | null;
  submissions: number;
  /** The course's threshold: pairs from this share on are flagged. */
  threshold: number;
  /**
   * Dolos' own advice for this comparison (0..1): the cut-off its web app would start the report with,
   * guessed from the spread of every pair's similarity. Null before the first comparison, or without a guess.
   */
  suggested: number | null;
  /** Pairs at or above the threshold, most similar first. */
  pairs: SimilarityPairView[];
  /** Students linked by flagged pairs, groups of three or more (a pair alone is not a cluster). */
  clusters: { students: { studentId: string; studentName: string }[]; maxSimilarity: number }[];
}

export interface SimilarityRegion {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

export interface SimilarityPairDetail extends SimilarityPairView {
  scope: string;
  language: 'c' | 'cpp' | 'python';
  leftCode: string;
  rightCode: string;
  /** Matching parts, each a region of the left program and its match in the right one (0-based rows). */
  fragments: { left: SimilarityRegion; right: SimilarityRegion }[];
}

/** Markers on the review pages: submissions (homework) and attempts (exams) in a flagged pair. */
export interface SimilarityMarkers {
  homework: { ref: number; scope: string; similarity: number }[];
  exam: { ref: number; scope: string; similarity: number }[];
}

export const similarityReviewSchema = z.object({
  reviewed: z.boolean({ error: 'Say whether the pair is reviewed.' }),
  note: z
    .string()
    .max(2000, 'The note is longer than 2000 characters.')
    .refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.')
    .default(''),
});
export type SimilarityReviewRequest = z.input<typeof similarityReviewSchema>;

export const similaritySettingsSchema = z.object({
  courseId: z.string({ error: 'courseId is required' }).min(1).max(100),
  threshold: z
    .number({ error: 'The threshold must be a number.' })
    .min(SIMILARITY_MIN_THRESHOLD, `The threshold must be at least ${SIMILARITY_MIN_THRESHOLD * 100}%.`)
    .max(1, 'The threshold must be at most 100%.'),
});
export type SimilaritySettingsRequest = z.input<typeof similaritySettingsSchema>;

export interface SimilaritySettings {
  courseId: string;
  threshold: number;
  defaultThreshold: number;
}
