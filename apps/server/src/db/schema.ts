import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Times are ISO-8601 text (UTC) on both engines, so they sort and
 * compare the same way in SQLite and PostgreSQL; flags are 0/1 integers.
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: 'student' | 'guide';
  password_hash: string;
  batch_id: string | null;
  last_login: string | null;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface BatchesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  prefix: string;
  title: string;
  position: number;
}

export interface LoginThrottleTable {
  /** 'account:<email>' or 'address:<ip>'. */
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: string | null;
  at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  batches: BatchesTable;
  courses: CoursesTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
}
