import type { LiveEvent } from '@learn/shared';
import type { Actor } from './authenticate.js';
import type { AppDeps } from './deps.js';
import { hashToken, sessionIsLive } from './sessions.js';

/** How long a socket trusts its last session check before asking the database again. */
const RECHECK_MS = 5_000;

interface ClosableSocket {
  readonly readyState: number;
  readonly OPEN: number;
  close(code?: number, reason?: string): void;
}

/** Tells every socket held on the ended sessions to close (through pub/sub, so on every instance). */
export async function announceSessionsEnded(deps: Pick<AppDeps, 'pubsub'>, userId: string, token?: string): Promise<void> {
  const event: LiveEvent = { type: 'session.ended', userId, ...(token ? { sessionId: hashToken(token) } : {}) };
  await deps.pubsub.publish(event);
}

/**
 * A socket lives only as long as its session (issue 10): it closes (4401) when the session ends by logout,
 * password change or removal, and `stillValid()` re-checks the session before anything is sent, at most once
 * per few seconds, so an expired or deleted session stops receiving even if no signal arrived.
 */
export function guardSocketSession(deps: Pick<AppDeps, 'pubsub' | 'db' | 'clock' | 'config'>, actor: Actor, socket: ClosableSocket) {
  const end = () => {
    if (socket.readyState === socket.OPEN) socket.close(4401, 'Session ended');
  };
  const unsubscribe = deps.pubsub.subscribe((event) => {
    if (event.type === 'session.ended' && event.userId === actor.id && (!event.sessionId || event.sessionId === actor.sessionId)) end();
  });
  let checkedAt = deps.clock.now().getTime();
  async function stillValid(): Promise<boolean> {
    const now = deps.clock.now();
    if (now.getTime() - checkedAt < RECHECK_MS) return socket.readyState === socket.OPEN;
    checkedAt = now.getTime();
    const live = await sessionIsLive(deps.db, actor.sessionId, now, deps.config.session);
    if (!live) end();
    return live && socket.readyState === socket.OPEN;
  }
  return { stillValid, dispose: unsubscribe };
}
