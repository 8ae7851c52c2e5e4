import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { SimilarityPairsTable, SimilarityRunsTable } from '../../db/schema.js';

export type RunRow = Selectable<SimilarityRunsTable>;
export type PairRow = Selectable<SimilarityPairsTable>;

export function findRun(db: Executor, scope: string) {
  return db.selectFrom('similarity_runs').selectAll().where('scope', '=', scope).executeTakeFirst();
}

export function courseRuns(db: Executor, courseId: string) {
  return db.selectFrom('similarity_runs').selectAll().where('course_id', '=', courseId).execute();
}

/** Runs the scheduler looks at: every scope compared at least once. */
export function allRuns(db: Executor) {
  return db.selectFrom('similarity_runs').select(['scope', 'status', 'signature', 'claimed_until']).execute();
}

/**
 * Asks for a comparison of a scope: a new row, or an existing one set back to queued. A comparison under
 * way (claimed and not run out) is left alone: it is refreshed once it has finished.
 */
export async function requestRun(db: Executor, scope: string, courseId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('similarity_runs')
    .values({ scope, course_id: courseId, status: 'queued', done: 0, total: 0, submissions: 0, requested_at: at })
    .onConflict((oc) =>
      oc
        .column('scope')
        .doUpdateSet({ status: 'queued', requested_at: at, error: null })
        .where((eb) =>
          eb.or([
            eb('similarity_runs.status', '!=', 'running'),
            eb('similarity_runs.claimed_until', 'is', null),
            eb('similarity_runs.claimed_until', '<', at),
          ]),
        ),
    )
    .execute();
}

/** Takes the run of a scope for `owner`: one atomic UPDATE, so of two instances exactly one wins. */
export async function claimRun(db: Executor, scope: string, owner: string, now: Date, until: Date): Promise<boolean> {
  const res = await db
    .updateTable('similarity_runs')
    .set({ status: 'running', claimed_by: owner, claimed_until: until.toISOString(), done: 0, total: 0 })
    .where('scope', '=', scope)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([eb('status', '=', 'running'), eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())])]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setProgress(db: Executor, scope: string, owner: string, done: number, total: number, until: Date) {
  await db
    .updateTable('similarity_runs')
    .set({ done, total, claimed_until: until.toISOString() })
    .where('scope', '=', scope)
    .where('claimed_by', '=', owner)
    .execute();
}

/** Replaces the scope's pairs with a finished comparison's, if `owner` still holds the run. */
export async function saveResults(
  db: Executor,
  scope: string,
  owner: string,
  result: { signature: string; submissions: number; finishedAt: Date; suggested: number | null; pairs: Omit<PairRow, 'id' | 'scope'>[] },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const run = await tx.selectFrom('similarity_runs').select('claimed_by').where('scope', '=', scope).executeTakeFirst();
    if (run?.claimed_by !== owner) return false;
    await tx.deleteFrom('similarity_pairs').where('scope', '=', scope).execute();
    for (let i = 0; i < result.pairs.length; i += 200)
      await tx
        .insertInto('similarity_pairs')
        .values(result.pairs.slice(i, i + 200).map((p) => ({ ...p, scope })))
        .execute();
    await tx
      .updateTable('similarity_runs')
      .set({
        status: 'done',
        signature: result.signature,
        submissions: result.submissions,
        suggested: result.suggested,
        finished_at: result.finishedAt.toISOString(),
        error: null,
        claimed_by: null,
        claimed_until: null,
      })
      .where('scope', '=', scope)
      .execute();
    return true;
  });
}

/** A run that failed; with `signature`, it is not asked for again until the submissions change. */
export async function saveFailure(db: Executor, scope: string, owner: string, error: string, at: Date, signature?: string): Promise<void> {
  await db
    .updateTable('similarity_runs')
    .set({
      status: 'error',
      error,
      finished_at: at.toISOString(),
      claimed_by: null,
      claimed_until: null,
      ...(signature ? { signature } : {}),
    })
    .where('scope', '=', scope)
    .where('claimed_by', '=', owner)
    .execute();
}

/** Hands this instance's runs back as queued (at shutdown): another start takes them. */
export async function releaseRuns(db: Executor, owner: string): Promise<void> {
  await db
    .updateTable('similarity_runs')
    .set({ status: 'queued', claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', owner)
    .where('status', '=', 'running')
    .execute();
}

export function pairsOf(db: Executor, scope: string, minSimilarity: number) {
  return db
    .selectFrom('similarity_pairs')
    .selectAll()
    .where('scope', '=', scope)
    .where('similarity', '>=', minSimilarity)
    .orderBy('similarity', 'desc')
    .orderBy('id')
    .execute();
}

export function findPair(db: Executor, id: number) {
  return db.selectFrom('similarity_pairs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Flagged pairs of a course (for the markers on the review pages). */
export function flaggedPairs(db: Executor, courseId: string, minSimilarity: number) {
  return db
    .selectFrom('similarity_pairs as p')
    .innerJoin('similarity_runs as r', 'r.scope', 'p.scope')
    .select(['p.scope', 'p.left_ref', 'p.right_ref', 'p.similarity'])
    .where('r.course_id', '=', courseId)
    .where('p.similarity', '>=', minSimilarity)
    .execute();
}

export function reviewsOf(db: Executor, scope: string) {
  return db.selectFrom('similarity_reviews').selectAll().where('scope', '=', scope).execute();
}

export async function saveReview(
  db: Executor,
  r: { scope: string; leftStudent: string; rightStudent: string; note: string; by: string; at: Date },
): Promise<void> {
  const values = { note: r.note, reviewed_by: r.by, reviewed_at: r.at.toISOString() };
  await db
    .insertInto('similarity_reviews')
    .values({ scope: r.scope, left_student: r.leftStudent, right_student: r.rightStudent, ...values })
    .onConflict((oc) => oc.columns(['scope', 'left_student', 'right_student']).doUpdateSet(values))
    .execute();
}

export async function deleteReview(db: Executor, scope: string, leftStudent: string, rightStudent: string): Promise<void> {
  await db
    .deleteFrom('similarity_reviews')
    .where('scope', '=', scope)
    .where('left_student', '=', leftStudent)
    .where('right_student', '=', rightStudent)
    .execute();
}

export async function courseThreshold(db: Executor, courseId: string): Promise<number | undefined> {
  const row = await db.selectFrom('similarity_settings').select('threshold').where('course_id', '=', courseId).executeTakeFirst();
  return row ? Number(row.threshold) : undefined;
}

export async function saveThreshold(db: Executor, courseId: string, threshold: number): Promise<void> {
  await db
    .insertInto('similarity_settings')
    .values({ course_id: courseId, threshold })
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ threshold }))
    .execute();
}

export async function courseExists(db: Executor, courseId: string): Promise<boolean> {
  return !!(await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst());
}
