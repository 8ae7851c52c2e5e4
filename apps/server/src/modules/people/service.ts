import type {
  CreateGuideInput,
  CreateStudentInput,
  CreatedAccount,
  GuideListItem,
  GuideRow,
  StudentRow,
  UpdateGuideInput,
  UpdateStudentInput,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, conflictError, notFoundError, validationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit.js';
import { generatePassword } from '../../platform/passwords.js';
import { destroyUserSessions } from '../../platform/sessions.js';
import { announceSessionsEnded } from '../../platform/socket-session.js';
import { announceUserChanged } from '../../platform/session-cache.js';
import * as repo from './repository.js';
import { canManagePeople, guideRemovalRefusal, mateAbilities } from './policy.js';

import type { Executor } from '../../db/executor.js';

export const DUPLICATE_EMAIL = 'A user with this email already exists.';

function requireManager(actor: Actor) {
  if (!canManagePeople(actor)) throw authorizationError('You do not have permission to perform this action');
}

export async function listStudents(deps: AppDeps, actor: Actor): Promise<StudentRow[]> {
  requireManager(actor);
  return repo.listStudents(deps.db);
}

/** The mates, each with what this actor may do with it (the page shows it and copies no rule). */
export async function listGuides(deps: AppDeps, actor: Actor): Promise<GuideListItem[]> {
  requireManager(actor);
  const guides = await repo.listGuides(deps.db);
  return guides.map((g) => ({ ...g, abilities: mateAbilities(actor, g.id, guides.length) }));
}

/** Students and mates as plain rows (the legacy get_users.php contract). */
export async function listPeople(deps: AppDeps, actor: Actor): Promise<{ students: StudentRow[]; guides: GuideRow[] }> {
  requireManager(actor);
  return { students: await repo.listStudents(deps.db), guides: await repo.listGuides(deps.db) };
}

/** New ids have the form user_student_{timestamp} / user_guide_{timestamp}; a clash gets a suffix. */
export async function newUserId(db: Executor, role: 'student' | 'guide', now: Date, hint?: number): Promise<string> {
  const base = `user_${role}_${now.getTime()}${hint !== undefined ? `_${hint}` : ''}`;
  let id = base;
  for (let n = 2; await repo.findUserById(db, id); n++) id = `${base}_${n}`;
  return id;
}

async function assertEmailFree(db: Executor, email: string, exceptId?: string) {
  const other = await repo.findUserByEmail(db, email);
  if (other && other.id !== exceptId) throw conflictError(DUPLICATE_EMAIL);
}

async function assertBatch(db: Executor, batchId: string | null) {
  if (!batchId) return;
  if (!(await repo.batchExists(db, batchId))) throw validationError('Unknown batch.');
}

/** A unique-constraint race (two adds of one email at once) is the same conflict as the check above. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/**
 * Inserts an account of either role with a generated password (or, for the old calls, the one they chose),
 * audited; a race on the unique email is the same 409 as the check before it. Returns the id and password.
 */
async function insertAccount(
  deps: AppDeps,
  actor: Actor,
  role: 'student' | 'guide',
  fields: { name: string; email: string; batchId: string | null },
  chosenPassword?: string,
): Promise<{ id: string; password: string }> {
  const now = deps.clock.now();
  const password = chosenPassword ?? generatePassword();
  const hash = await deps.hasher.hash(password);
  const id = await newUserId(deps.db, role, now);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, {
        id,
        name: fields.name,
        email: fields.email,
        role,
        password_hash: hash,
        batch_id: fields.batchId,
        last_login: null,
        created_at: now.toISOString(),
      });
      await audit(trx, { actorId: actor.id, action: `${role}.create`, target: id, at: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflictError(DUPLICATE_EMAIL);
    throw err;
  }
  return { id, password };
}

/** Creates a student account; the password is returned once. */
export async function createStudent(
  deps: AppDeps,
  actor: Actor,
  input: CreateStudentInput,
  chosenPassword?: string,
): Promise<CreatedAccount<StudentRow>> {
  requireManager(actor);
  await assertEmailFree(deps.db, input.email);
  await assertBatch(deps.db, input.batchId);
  const { id, password } = await insertAccount(deps, actor, 'student', input, chosenPassword);
  return { user: (await repo.findStudent(deps.db, id))!, password };
}

export async function updateStudent(deps: AppDeps, actor: Actor, id: string, input: UpdateStudentInput): Promise<StudentRow> {
  requireManager(actor);
  const existing = await repo.findStudent(deps.db, id);
  if (!existing) throw notFoundError('Student not found');
  if (input.email) await assertEmailFree(deps.db, input.email, id);
  if (input.batchId !== undefined) await assertBatch(deps.db, input.batchId);
  const now = deps.clock.now();
  const passwordHash = input.password ? await deps.hasher.hash(input.password) : undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repo.updateUser(trx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...('batchId' in input && input.batchId !== undefined ? { batch_id: input.batchId } : {}),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      // A new password ends every session of that account at once.
      if (passwordHash) await destroyUserSessions(trx, id);
      await audit(trx, { actorId: actor.id, action: 'student.update', target: id, details: { password: !!passwordHash }, at: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflictError(DUPLICATE_EMAIL);
    throw err;
  }
  await (passwordHash ? announceSessionsEnded(deps, id) : announceUserChanged(deps, id));
  return (await repo.findStudent(deps.db, id))!;
}

export async function resetPassword(deps: AppDeps, actor: Actor, id: string, role: 'student' | 'guide'): Promise<{ password: string }> {
  requireManager(actor);
  const user = await repo.findUserById(deps.db, id);
  if (!user || user.role !== role) throw notFoundError(role === 'student' ? 'Student not found' : 'Mate not found');
  const password = generatePassword();
  const hash = await deps.hasher.hash(password);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, id, hash);
    await destroyUserSessions(trx, id);
    await audit(trx, { actorId: actor.id, action: `${role}.reset-password`, target: id, at: now });
  });
  await announceSessionsEnded(deps, id);
  return { password };
}

export async function removeStudent(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireManager(actor);
  const existing = await repo.findStudent(deps.db, id);
  if (!existing) throw notFoundError('Student not found');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Sessions, grants, completions and badges go with the account (foreign keys cascade).
    await destroyUserSessions(trx, id);
    await repo.deleteUser(trx, id);
    await audit(trx, { actorId: actor.id, action: 'student.remove', target: id, details: { email: existing.email }, at: now });
  });
  await announceSessionsEnded(deps, id);
}

/** Creates a mate account; the password is returned once. */
export async function createGuide(
  deps: AppDeps,
  actor: Actor,
  input: CreateGuideInput,
  chosenPassword?: string,
): Promise<CreatedAccount<GuideRow>> {
  requireManager(actor);
  await assertEmailFree(deps.db, input.email);
  const { id, password } = await insertAccount(deps, actor, 'guide', { ...input, batchId: null }, chosenPassword);
  return { user: repo.toGuideRow((await repo.findUserById(deps.db, id))!), password };
}

export async function updateGuide(deps: AppDeps, actor: Actor, id: string, input: UpdateGuideInput): Promise<GuideRow> {
  requireManager(actor);
  const existing = await repo.findUserById(deps.db, id);
  if (!existing || existing.role !== 'guide') throw notFoundError('Mate not found');
  if (input.email) await assertEmailFree(deps.db, input.email, id);
  const now = deps.clock.now();
  const passwordHash = input.password ? await deps.hasher.hash(input.password) : undefined;
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    if (passwordHash) await destroyUserSessions(trx, id);
    await audit(trx, { actorId: actor.id, action: 'guide.update', target: id, details: { password: !!passwordHash }, at: now });
  });
  await (passwordHash ? announceSessionsEnded(deps, id) : announceUserChanged(deps, id));
  return repo.toGuideRow((await repo.findUserById(deps.db, id))!);
}

export async function removeGuide(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  requireManager(actor);
  const existing = await repo.findUserById(deps.db, id);
  if (!existing || existing.role !== 'guide') throw notFoundError('Mate not found');
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const refusal = guideRemovalRefusal(actor, id, await repo.countGuidesLocked(trx, deps.engine));
    if (refusal) throw actor.id === id ? authorizationError(refusal) : conflictError(refusal);
    await destroyUserSessions(trx, id);
    await repo.deleteUser(trx, id);
    await audit(trx, { actorId: actor.id, action: 'guide.remove', target: id, details: { email: existing.email }, at: now });
  });
  await announceSessionsEnded(deps, id);
}
