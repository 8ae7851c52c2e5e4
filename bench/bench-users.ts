/**
 * Bench users written straight into the database, each with a session: signing hundreds of users in would
 * measure password hashing, not the feature under test. Shared by the exam, analytics and chat benches.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';
import { createSession } from '../apps/server/src/platform/sessions.js';

export interface BenchUser {
  id: string;
  cookie: string;
}

export function benchUserRows(prefix: string, from: number, count: number, role: 'student' | 'guide', createdAt: string) {
  return Array.from({ length: count }, (_, k) => ({
    id: `${prefix}_${from + k}`,
    name: `${role === 'guide' ? 'Mate' : 'Student'} ${from + k}`,
    email: `${prefix}${from + k}@bench.example`,
    role,
    password_hash: 'x',
    batch_id: null,
    last_login: null,
    created_at: createdAt,
  }));
}

/** Inserts `count` users of a role in batches of 100 and opens a session for each; returns id and cookie. */
export async function insertBenchUsers(
  db: Kysely<Database>,
  prefix: string,
  count: number,
  role: 'student' | 'guide',
  afterInsert?: (ids: string[]) => Promise<void>,
): Promise<BenchUser[]> {
  const now = new Date();
  const users: BenchUser[] = [];
  for (let b = 0; b < count; b += 100) {
    const rows = benchUserRows(prefix, b, Math.min(100, count - b), role, now.toISOString());
    await db.insertInto('users').values(rows).execute();
    await afterInsert?.(rows.map((r) => r.id));
    for (const r of rows) {
      const token = await createSession(db, r.id, now, { idleMs: 8 * 3_600_000, maxMs: 24 * 3_600_000 });
      users.push({ id: r.id, cookie: `learn_session=${token}` });
    }
  }
  return users;
}
