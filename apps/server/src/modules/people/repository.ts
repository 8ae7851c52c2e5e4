import type { Selectable } from 'kysely';
import type { GuideRow, PublicUser, StudentRow } from '@learn/shared';
import type { UsersTable } from '../../db/schema.js';

import type { Executor } from '../../db/executor.js';

/** The one mapper from a users row to what the API may show: never the password hash. */
export function toPublicUser(row: Pick<Selectable<UsersTable>, 'id' | 'name' | 'email' | 'role' | 'batch_id' | 'last_login'>): PublicUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role, batchId: row.batch_id, lastLogin: row.last_login };
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, user: Selectable<UsersTable>) {
  await db.insertInto('users').values(user).execute();
}

export async function recordLogin(db: Executor, id: string, at: Date) {
  await db.updateTable('users').set({ last_login: at.toISOString() }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Executor, id: string, hash: string) {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<Selectable<UsersTable>, 'name' | 'email' | 'batch_id' | 'password_hash'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Counts guides; with `lock` on PostgreSQL the guide rows are locked for the transaction, so two mates
 * removing each other at once cannot leave none (SQLite already runs one writer at a time).
 */
export async function countGuidesLocked(db: Executor, engine: 'sqlite' | 'postgres'): Promise<number> {
  if (engine === 'postgres') {
    const rows = await db.selectFrom('users').select('id').where('role', '=', 'guide').forUpdate().execute();
    return rows.length;
  }
  return countGuides(db);
}

export async function countGuides(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'guide')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const studentColumns = [
  'users.id',
  'users.name',
  'users.email',
  'users.batch_id',
  'users.last_login',
  'users.created_at',
  'batches.name as batch_name',
] as const;

function toStudentRow(r: {
  id: string;
  name: string;
  email: string;
  batch_id: string | null;
  last_login: string | null;
  created_at: string;
  batch_name: string | null;
}): StudentRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: 'student',
    batchId: r.batch_id,
    batchName: r.batch_name,
    lastLogin: r.last_login,
    createdAt: r.created_at,
  };
}

export async function listStudents(db: Executor): Promise<StudentRow[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('batches', 'batches.id', 'users.batch_id')
    .select(studentColumns)
    .where('users.role', '=', 'student')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return rows.map(toStudentRow);
}

export async function findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
  const r = await db
    .selectFrom('users')
    .leftJoin('batches', 'batches.id', 'users.batch_id')
    .select(studentColumns)
    .where('users.role', '=', 'student')
    .where('users.id', '=', id)
    .executeTakeFirst();
  return r && toStudentRow(r);
}

export function toGuideRow(r: Pick<Selectable<UsersTable>, 'id' | 'name' | 'email' | 'last_login' | 'created_at'>): GuideRow {
  return { id: r.id, name: r.name, email: r.email, role: 'guide', lastLogin: r.last_login, createdAt: r.created_at };
}

export async function listGuides(db: Executor): Promise<GuideRow[]> {
  const rows = await db.selectFrom('users').selectAll().where('role', '=', 'guide').orderBy('name').orderBy('id').execute();
  return rows.map(toGuideRow);
}

/** Batch ids and names, for reading a roster's batch column (a name or an id). */
export function listBatchKeys(db: Executor) {
  return db.selectFrom('batches').select(['id', 'name']).execute();
}

export async function listEmails(db: Executor): Promise<Set<string>> {
  return new Set((await db.selectFrom('users').select('email').execute()).map((u) => u.email));
}

export interface NewStudent {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  batchId: string | null;
}

/** Inserts students 200 rows per statement (a roster may hold thousands). */
export async function insertStudents(db: Executor, students: NewStudent[], at: Date): Promise<void> {
  for (let i = 0; i < students.length; i += 200) {
    const chunk = students.slice(i, i + 200);
    await db
      .insertInto('users')
      .values(
        chunk.map((s) => ({
          id: s.id,
          name: s.name,
          email: s.email,
          role: 'student' as const,
          password_hash: s.passwordHash,
          batch_id: s.batchId,
          last_login: null,
          created_at: at.toISOString(),
        })),
      )
      .execute();
  }
}

export async function batchExists(db: Executor, batchId: string): Promise<boolean> {
  return !!(await db.selectFrom('batches').select('id').where('id', '=', batchId).executeTakeFirst());
}
