import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PublicUser } from '@learn/shared';
import type { Database, UsersTable } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

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

export function listUsersByRole(db: Executor, role: 'student' | 'guide') {
  return db.selectFrom('users').selectAll().where('role', '=', role).orderBy('name').execute();
}
