import {
  parseScopeKey,
  SIMILARITY_DEFAULT_THRESHOLD,
  scopeKey,
  type SimilarityMarkers,
  type SimilarityPairDetail,
  type SimilarityPairView,
  type SimilarityReport,
  type SimilarityReviewRequest,
  type SimilarityScopeView,
  type SimilaritySettings,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, validationError } from '../../platform/errors.js';
import { clustersOf } from './clusters.js';
import { matchingFragments } from './engine.js';
import { courseScopes, programCode, scopeInputs, studentNames } from './inputs-repository.js';
import { canReviewSimilarity } from './policy.js';
import * as repo from './repository.js';
import { courseLanguage, signatureOf, type SimilarityWorker } from './worker.js';

const NOT_FOUND = 'This task or question was not found.';

/** Similar submissions (issue 30): reports, pairs, review marks and the course's threshold. Guides only. */
export class SimilarityService {
  constructor(
    private readonly deps: AppDeps,
    private readonly worker: SimilarityWorker,
  ) {}

  private authorize(actor: Actor) {
    if (!canReviewSimilarity(actor)) throw authorizationError('Only mates can see similar submissions.');
  }

  private async course(courseId: string) {
    if (!(await repo.courseExists(this.deps.db, courseId))) throw notFoundError('Course not found');
  }

  async threshold(courseId: string): Promise<number> {
    return (await repo.courseThreshold(this.deps.db, courseId)) ?? SIMILARITY_DEFAULT_THRESHOLD;
  }

  async scopes(actor: Actor, courseId: string): Promise<{ scopes: SimilarityScopeView[] }> {
    this.authorize(actor);
    await this.course(courseId);
    const { db } = this.deps;
    const [found, runs, threshold] = await Promise.all([
      courseScopes(db, courseId),
      repo.courseRuns(db, courseId),
      this.threshold(courseId),
    ]);
    const flagged = await repo.flaggedPairs(db, courseId, threshold);
    const views = [...found.homework, ...found.exam].map((s) => {
      const key = scopeKey(s.scope);
      const run = runs.find((r) => r.scope === key);
      return {
        scope: key,
        kind: s.scope.kind,
        label: s.label,
        submissions: s.submissions,
        status: run?.status ?? 'none',
        flagged: run?.signature ? flagged.filter((p) => p.scope === key).length : null,
      } satisfies SimilarityScopeView;
    });
    return { scopes: views };
  }

  /**
   * The report of a scope. Opening it asks for a comparison when there is none yet or when submissions
   * arrived since the last one (the page then shows the progress and the previous results meanwhile).
   */
  async report(actor: Actor, key: string, refresh = false): Promise<SimilarityReport> {
    this.authorize(actor);
    const { db } = this.deps;
    const scope = parseScopeKey(key);
    const inputs = scope && (await scopeInputs(db, scope, courseLanguage));
    if (!inputs) throw notFoundError(NOT_FOUND);
    let run = await repo.findRun(db, key);
    const stale = run?.signature !== signatureOf(inputs);
    if (refresh || !run || (stale && run.status !== 'queued' && run.status !== 'running')) {
      await this.worker.request(key, inputs.courseId);
      run = await repo.findRun(db, key);
    }
    const threshold = await this.threshold(inputs.courseId);
    // The pairs and the run's state as of one moment: a comparison that finishes between the two reads (its
    // pairs and its state are saved in one transaction) is read again, so that a report never shows a
    // finished comparison's pairs as still running, or the previous pairs as done.
    let rows = await repo.pairsOf(db, key, threshold);
    for (let i = 0; i < 3; i++) {
      const now = await repo.findRun(db, key);
      const same = now?.status === run?.status && now?.finished_at === run?.finished_at && now?.signature === run?.signature;
      run = now;
      if (same) break;
      rows = await repo.pairsOf(db, key, threshold);
    }
    const reviews = await repo.reviewsOf(db, key);
    const names = await studentNames(db, [...new Set(rows.flatMap((r) => [r.left_student, r.right_student]))]);
    const pairs = rows.map((r) => this.pairView(r, names, reviews));
    const clusters = clustersOf(pairs.map((p) => ({ left: p.left.studentId, right: p.right.studentId, similarity: p.similarity })));
    return {
      scope: key,
      label: inputs.label,
      status: run?.status ?? 'none',
      progress: { done: run?.done ?? 0, total: run?.total ?? 0 },
      stale: !!run?.signature && run.signature !== signatureOf(inputs),
      computedAt: run?.signature && run.status !== 'error' ? run.finished_at : null,
      error: run?.status === 'error' ? run.error : null,
      submissions: inputs.programs.length,
      threshold,
      suggested: run?.signature && run.status !== 'error' && run.suggested !== null ? Number(run.suggested) : null,
      pairs,
      clusters: clusters.map((c) => ({
        students: c.members.map((id) => ({ studentId: id, studentName: names.get(id) ?? id })),
        maxSimilarity: c.maxSimilarity,
      })),
    };
  }

  private pairView(r: repo.PairRow, names: Map<string, string>, reviews: Awaited<ReturnType<typeof repo.reviewsOf>>): SimilarityPairView {
    const review = reviews.find((v) => v.left_student === r.left_student && v.right_student === r.right_student);
    return {
      id: Number(r.id),
      left: { studentId: r.left_student, studentName: names.get(r.left_student) ?? r.left_student, ref: Number(r.left_ref) },
      right: { studentId: r.right_student, studentName: names.get(r.right_student) ?? r.right_student, ref: Number(r.right_ref) },
      similarity: Number(r.similarity),
      longest: Number(r.longest),
      longestShare: Number(r.longest_share),
      reviewed: review ? { note: review.note, by: review.reviewed_by, at: review.reviewed_at } : null,
    };
  }

  /** One pair side by side: both programs and the matching parts, the given code left out as in the comparison. */
  async pair(actor: Actor, id: number): Promise<SimilarityPairDetail> {
    this.authorize(actor);
    const { db } = this.deps;
    const row = await repo.findPair(db, id);
    const scope = row && parseScopeKey(row.scope);
    const inputs = scope && (await scopeInputs(db, scope, courseLanguage));
    if (!row || !scope || !inputs) throw notFoundError('This pair is no longer in the comparison; open the list again.');
    const [leftCode, rightCode] = await Promise.all([
      programCode(db, scope, Number(row.left_ref)),
      programCode(db, scope, Number(row.right_ref)),
    ]);
    if (leftCode === undefined || rightCode === undefined)
      throw notFoundError('This pair is no longer in the comparison; open the list again.');
    const names = await studentNames(db, [row.left_student, row.right_student]);
    const match = await matchingFragments(inputs.language, leftCode, rightCode, inputs.given);
    return {
      ...this.pairView(row, names, await repo.reviewsOf(db, row.scope)),
      scope: row.scope,
      language: inputs.language,
      leftCode,
      rightCode,
      fragments: match.fragments,
    };
  }

  /** Marks a pair reviewed with a note (kept for that pair of students, across later comparisons), or unmarks it. */
  async review(actor: Actor, id: number, body: Required<SimilarityReviewRequest>): Promise<SimilarityPairView> {
    this.authorize(actor);
    const { db, clock } = this.deps;
    const row = await repo.findPair(db, id);
    if (!row) throw notFoundError('This pair is no longer in the comparison; open the list again.');
    if (body.reviewed)
      await repo.saveReview(db, {
        scope: row.scope,
        leftStudent: row.left_student,
        rightStudent: row.right_student,
        note: body.note.trim(),
        by: actor.name,
        at: clock.now(),
      });
    else await repo.deleteReview(db, row.scope, row.left_student, row.right_student);
    const names = await studentNames(db, [row.left_student, row.right_student]);
    return this.pairView(row, names, await repo.reviewsOf(db, row.scope));
  }

  async settings(actor: Actor, courseId: string): Promise<SimilaritySettings> {
    this.authorize(actor);
    await this.course(courseId);
    return { courseId, threshold: await this.threshold(courseId), defaultThreshold: SIMILARITY_DEFAULT_THRESHOLD };
  }

  async saveSettings(actor: Actor, courseId: string, threshold: number): Promise<SimilaritySettings> {
    this.authorize(actor);
    await this.course(courseId);
    if (!Number.isFinite(threshold)) throw validationError('The threshold must be a number.');
    await repo.saveThreshold(this.deps.db, courseId, Math.round(threshold * 1000) / 1000);
    return this.settings(actor, courseId);
  }

  /** Submissions and attempts of a course that belong to a pair at or above the course's threshold. */
  async markers(actor: Actor, courseId: string): Promise<SimilarityMarkers> {
    this.authorize(actor);
    await this.course(courseId);
    const rows = await repo.flaggedPairs(this.deps.db, courseId, await this.threshold(courseId));
    const best = new Map<string, { ref: number; scope: string; similarity: number }>();
    for (const r of rows)
      for (const ref of [Number(r.left_ref), Number(r.right_ref)]) {
        const k = `${r.scope}#${ref}`;
        if ((best.get(k)?.similarity ?? -1) < Number(r.similarity)) best.set(k, { ref, scope: r.scope, similarity: Number(r.similarity) });
      }
    const all = [...best.values()];
    return { homework: all.filter((m) => m.scope.startsWith('homework:')), exam: all.filter((m) => m.scope.startsWith('exam:')) };
  }
}
