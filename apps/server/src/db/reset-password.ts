import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { PasswordHasher } from '../platform/passwords.js';
import { destroyUserSessions } from '../platform/sessions.js';

/** Sets a new password on the account with this email and ends its sessions; null when there is none. */
export async function resetPassword(db: Kysely<Database>, hasher: PasswordHasher, email: string, password: string) {
  const user = await db.selectFrom('users').select(['id', 'name', 'role']).where('email', '=', email).executeTakeFirst();
  if (!user) return null;
  const hash = await hasher.hash(password);
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
  await destroyUserSessions(db, user.id);
  return user;
}
