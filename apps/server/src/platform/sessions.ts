import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';

/** Session tokens: 256 random bits in the cookie; only their SHA-256 is stored. */
export const SESSION_COOKIE = 'learn_session';
/** last_seen_at is refreshed at most this often (and a cached session is trusted at most this long). */
export const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export async function createSession(db: Kysely<Database>, userId: string, now: Date, policy: SessionPolicy) {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + policy.maxMs).toISOString(),
    })
    .execute();
  return token;
}

/**
 * The user behind a token, or undefined when the session is unknown, idle past the timeout or past its
 * absolute lifetime (then it is deleted). Refreshes last_seen at most once a minute.
 */
export async function resolveSession(db: Kysely<Database>, token: string, now: Date, policy: SessionPolicy) {
  const id = hashToken(token);
  const [row] = await sessionLookup(db, id);
  if (!row) return undefined;
  const t = now.getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (t >= Date.parse(row.expires_at) || t - lastSeen >= policy.idleMs) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return undefined;
  }
  if (t - lastSeen >= TOUCH_INTERVAL_MS) {
    const at = now.toISOString();
    await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    return { ...row, last_seen_at: at };
  }
  return row;
}

/** A session joined with its user, as `resolveSession` answers it. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof resolveSession>>>;

export async function destroySession(db: Kysely<Database>, token: string) {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

/** Ends every session of a user (logout everywhere, password change, removal). */
export async function destroyUserSessions(db: Kysely<Database>, userId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function purgeExpiredSessions(db: Kysely<Database>, now: Date, policy: SessionPolicy) {
  const idleCutoff = new Date(now.getTime() - policy.idleMs).toISOString();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}

/** Whether a session (by its stored id) still exists and is neither idle past the timeout nor past its lifetime. */
export async function sessionIsLive(db: Kysely<Database>, sessionId: string, now: Date, policy: SessionPolicy): Promise<boolean> {
  const row = await db.selectFrom('sessions').select(['last_seen_at', 'expires_at']).where('id', '=', sessionId).executeTakeFirst();
  if (!row) return false;
  const t = now.getTime();
  return t - Date.parse(row.last_seen_at) < policy.idleMs && t < Date.parse(row.expires_at);
}

// The lookup runs on every request: compiled once, see db/precompiled.ts.
const sessionLookup = precompiled((db, id: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.batch_id',
      'users.last_login',
    ])
    .where('sessions.id', '=', id),
);
