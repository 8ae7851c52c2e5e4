import type { Executor } from '../../db/executor.js';
import type { SubmissionRow } from './repository.js';

/** The grader's side of the submissions table: what is owed, the claims, the results. */

/**
 * Submissions the grader still owes: queued ones, and running ones whose grading claim ran out (a server
 * that stopped mid-grading). Rows another live instance is grading are left to it.
 */
export function unfinishedIds(db: Executor, now: Date) {
  return db
    .selectFrom('homework_submissions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('autograde_status', '=', 'queued'),
        eb.and([
          eb('autograde_status', '=', 'running'),
          eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]),
        ]),
      ]),
    )
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => Number(r.id)));
}

/**
 * Takes the grading claim on a submission for `owner` until `until`: one atomic UPDATE that only matches a
 * queued row or a running row whose claim ran out, so of two instances racing for a row exactly one wins.
 */
export async function claimSubmission(db: Executor, id: number, owner: string, now: Date, until: Date): Promise<boolean> {
  const res = await db
    .updateTable('homework_submissions')
    .set({ autograde_status: 'running', claimed_by: owner, claimed_until: until.toISOString() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('autograde_status', '=', 'queued'),
        eb.and([
          eb('autograde_status', '=', 'running'),
          eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Extends a claim still held by `owner`; false once another instance took it over. */
export async function renewClaim(db: Executor, id: number, owner: string, until: Date): Promise<boolean> {
  const res = await db
    .updateTable('homework_submissions')
    .set({ claimed_until: until.toISOString() })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .where('autograde_status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A stopping server hands its unfinished claims back as queued, for the next one to take at once. */
export async function releaseClaims(db: Executor, owner: string) {
  await db
    .updateTable('homework_submissions')
    .set({ autograde_status: 'queued', claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', owner)
    .where('autograde_status', '=', 'running')
    .execute();
}

export async function setStatus(db: Executor, id: number, status: SubmissionRow['autograde_status']) {
  await db
    .updateTable('homework_submissions')
    .set({ autograde_status: status, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .execute();
}

/** Stores the results if `owner` still holds the claim (true), clearing it. */
export async function saveResults(
  db: Executor,
  id: number,
  owner: string,
  r: { status: 'done' | 'error'; results: unknown; proposed: SubmissionRow['proposed_grade']; passed: number; total: number },
): Promise<boolean> {
  const res = await db
    .updateTable('homework_submissions')
    .set({
      autograde_status: r.status,
      test_results: JSON.stringify(r.results),
      proposed_grade: r.proposed,
      passed: r.passed,
      total: r.total,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
