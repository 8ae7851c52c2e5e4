import type { LoginInput, PublicUser } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { authenticationError, tooManyRequestsError } from '../../platform/errors.js';
import { createSession, destroySession, resolveSession } from '../../platform/sessions.js';
import { announceSessionsEnded } from '../../platform/socket-session.js';
import { reserveSignIn, settleSuccess } from '../../platform/login-throttle.js';
import { audit } from '../../platform/audit.js';
import { findUserByEmail, recordLogin, setPasswordHash, toPublicUser } from '../people/repository.js';

/** Same words whether or not the account exists, so sign-in reveals nothing about accounts. */
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';

export function tooManyAttemptsMessage(seconds: number) {
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} minute(s)` : `${seconds} second(s)`;
  return `Too many sign-in attempts. Please wait ${wait} and try again.`;
}

/**
 * Signs a user in: throttle check, constant-work password check, session creation.
 * Returns the user and the session token for the cookie.
 */
export async function login(deps: AppDeps, input: LoginInput, address: string): Promise<{ user: PublicUser; token: string }> {
  const now = deps.clock.now();
  // Counted before the slow hash, so concurrent guesses cannot all be checked (issue 10).
  const reservation = await reserveSignIn(deps.db, input.email, address, now);
  if (!reservation.allowed)
    throw tooManyRequestsError(tooManyAttemptsMessage(reservation.retryAfterSeconds), reservation.retryAfterSeconds);
  let row: Awaited<ReturnType<typeof findUserByEmail>>;
  let ok: boolean;
  try {
    row = await findUserByEmail(deps.db, input.email);
    ok = row ? await deps.hasher.verify(input.password, row.password_hash) : await deps.hasher.verifyAgainstNothing(input.password);
    // A cheap (roster-import) hash answers a wrong password fast: spend the full cost too, so the time
    // taken never tells an imported account from an unknown email or a full-cost one.
    if (row && !ok && deps.hasher.needsRehash(row.password_hash)) await deps.hasher.verifyAgainstNothing(input.password);
  } finally {
    reservation.release();
  }
  if (!row || !ok) throw authenticationError(LOGIN_FAILED_MESSAGE);
  await settleSuccess(deps.db, input.email, address);
  if (deps.hasher.needsRehash(row.password_hash)) await setPasswordHash(deps.db, row.id, await deps.hasher.hash(input.password));
  await recordLogin(deps.db, row.id, now);
  const token = await createSession(deps.db, row.id, now, deps.config.session);
  await audit(deps.db, { actorId: row.id, action: 'auth.login', target: row.id, at: now });
  return { user: toPublicUser({ ...row, last_login: now.toISOString() }), token };
}

export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const session = await resolveSession(deps.db, token, deps.clock.now(), deps.config.session);
  await destroySession(deps.db, token);
  // Sockets opened on this session close too (issue 10).
  if (session) await announceSessionsEnded(deps, session.id, token);
}
