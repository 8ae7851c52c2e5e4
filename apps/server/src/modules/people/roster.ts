import { randomBytes } from 'node:crypto';
import {
  emailSchema,
  formulaNote,
  parseCsv,
  personNameSchema,
  ROSTER_MAX_ROWS,
  type RosterImportResult,
  type RosterPreview,
  type RosterRow,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, validationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { generatePassword } from '../../platform/passwords.js';
import { canManagePeople } from './policy.js';
import { DUPLICATE_EMAIL } from './service.js';
import * as repo from './repository.js';

export const MAX_ROSTER_ROWS = ROSTER_MAX_ROWS;
/**
 * Generated roster passwords (8 random characters, about 47 bits) are hashed at this lower scrypt cost so
 * that thousands of rows import in seconds (2.4 ms per hash here against 430 ms at cost 17: see
 * bench/hash-cost.ts); each is raised to the full cost at the account's first sign-in.
 */
const BULK_HASH_COST = 10;

/** Reads name, email, batch (name or id) per line; a header line naming the columns is skipped. */
export async function previewRoster(deps: AppDeps, actor: Actor, csv: string): Promise<RosterPreview> {
  if (!canManagePeople(actor)) throw authorizationError();
  let lines = parseCsv(csv);
  if (lines[0] && /^name$/i.test(lines[0].cells[0] ?? '') && /e-?mail/i.test(lines[0].cells[1] ?? '')) lines = lines.slice(1);
  if (lines.length === 0) throw validationError('The file has no rows.');
  if (lines.length > MAX_ROSTER_ROWS)
    throw validationError(`The file has ${lines.length} rows; at most ${MAX_ROSTER_ROWS} can be imported at once.`);

  const batches = await repo.listBatchKeys(deps.db);
  const byId = new Map(batches.map((b) => [b.id, b.id]));
  const byName = new Map(batches.map((b) => [b.name.toLowerCase(), b.id]));
  const taken = await repo.listEmails(deps.db);
  const seen = new Map<string, number>();

  const rows: RosterRow[] = lines.map(({ line, cells }) => {
    const [name = '', rawEmail = '', batch = ''] = cells;
    const email = rawEmail.toLowerCase();
    const errors: string[] = [];
    // The same shared schemas as the add form: one set of limits whatever the entry point.
    const nameCheck = personNameSchema.safeParse(name);
    if (!nameCheck.success) errors.push(nameCheck.error.issues[0]!.message);
    const emailCheck = emailSchema.safeParse(email);
    if (!emailCheck.success) errors.push(emailCheck.error.issues[0]!.message);
    else if (taken.has(email)) errors.push(DUPLICATE_EMAIL);
    else if (seen.has(email)) errors.push(`Same email as line ${seen.get(email)}`);
    if (email && !seen.has(email)) seen.set(email, line);
    const batchId = batch ? (byId.get(batch) ?? byName.get(batch.toLowerCase()) ?? null) : null;
    if (batch && !batchId) errors.push(`Unknown batch "${batch}"`);
    if (cells.length > 3 && cells.slice(3).some((c) => c)) errors.push('Too many columns (expected name, email, batch)');
    const note = formulaNote(name);
    return { line, name, email, batch, batchId, errors, ...(note ? { notes: [note] } : {}) };
  });
  const invalid = rows.filter((r) => r.errors.length).length;
  return { rows, valid: rows.length - invalid, invalid };
}

/**
 * Creates the valid rows of a roster in one transaction and returns their generated passwords once.
 * The file is read again here: the server never trusts an earlier preview.
 */
export async function importRoster(deps: AppDeps, actor: Actor, csv: string): Promise<RosterImportResult> {
  const preview = await previewRoster(deps, actor, csv);
  const valid = preview.rows.filter((r) => r.errors.length === 0);
  const now = deps.clock.now();
  // user_student_{timestamp}_{run}_{n}: unique even for two imports in the same millisecond.
  const run = randomBytes(3).toString('hex');
  const prepared = await Promise.all(
    valid.map(async (r, i) => {
      const password = generatePassword();
      return {
        row: r,
        password,
        hash: await deps.hasher.hash(password, Math.min(BULK_HASH_COST, deps.config.passwordHash.cost)),
        id: `user_student_${now.getTime()}_${run}_${i + 1}`,
      };
    }),
  );
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertStudents(
      trx,
      prepared.map((p) => ({ id: p.id, name: p.row.name, email: p.row.email, passwordHash: p.hash, batchId: p.row.batchId })),
      now,
    );
    await audit(trx, {
      actorId: actor.id,
      action: 'student.import',
      details: { created: prepared.length, skipped: preview.invalid },
      at: now,
    });
  });
  return {
    created: prepared.map((p) => ({ name: p.row.name, email: p.row.email, batch: p.row.batch, password: p.password })),
    skipped: preview.invalid,
  };
}
