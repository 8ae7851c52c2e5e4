import type { PubSub } from './pubsub.js';
import type { AppDeps } from './deps.js';
import type { SessionPolicy, SessionRow } from './sessions.js';
import { TOUCH_INTERVAL_MS } from './sessions.js';

/**
 * Sessions recently read from the database, so a burst of requests on one session costs one lookup.
 *
 * An entry is trusted only while the database would not have been written anyway: until the session's
 * last_seen_at is a minute old (then the request goes to the database, which refreshes it), and never
 * past the idle or absolute limit. Whatever ends a session or changes its user (logout, password change or
 * reset, removal, an edit of the user) publishes `session.ended` or `user.changed` through pub/sub, which
 * reaches every instance; the entry is dropped before the publishing request answers in this process.
 * Keyed by the cookie's token, so a hit also skips hashing it. Bounded: the oldest entry goes first. The
 * moment an entry stops being trusted, and what a hit answers (`V`, derived from the row: the request's actor),
 * are worked out once, when it is stored (a hit is on every request).
 */
export class SessionCache<V = SessionRow> {
  private readonly entries = new Map<string, { row: SessionRow; value: V; trustedUntil: number }>();
  private readonly unsubscribe: () => void;

  constructor(
    pubsub: PubSub,
    private readonly policy: SessionPolicy,
    private readonly maxEntries = 10_000,
    private readonly derive: (row: SessionRow) => V = (row) => row as V,
  ) {
    this.unsubscribe = pubsub.subscribe((event) => {
      if (event.type === 'session.ended') this.forget(event.userId, event.sessionId);
      else if (event.type === 'user.changed') this.forget(event.userId);
      else if (event.type === 'pubsub.reconnected') this.entries.clear(); // announcements may have been missed
    });
  }

  /** What the session answers, while it is trusted at `nowMs`. */
  get(token: string, nowMs: number): V | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (nowMs >= entry.trustedUntil) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a session read from the database; returns what a hit will answer. */
  set(token: string, row: SessionRow): V {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const trustedUntil = Math.min(
      Date.parse(row.last_seen_at) + Math.min(TOUCH_INTERVAL_MS, this.policy.idleMs),
      Date.parse(row.expires_at),
    );
    const value = this.derive(row);
    this.entries.set(token, { row, value, trustedUntil });
    return value;
  }

  /** Drops a user's entries: all of them, or the one session named. */
  forget(userId: string, sessionId?: string): void {
    for (const [token, { row }] of this.entries)
      if (row.id === userId && (!sessionId || row.session_id === sessionId)) this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}

/** Tells every instance that a user's name, email or batch changed (their cached sessions are dropped). */
export async function announceUserChanged(deps: Pick<AppDeps, 'pubsub'>, userId: string): Promise<void> {
  await deps.pubsub.publish({ type: 'user.changed', userId });
}
