import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { clearKeys, reserveAttempt, uncountSuccess, type ThrottleRule } from './login-throttle-repository.js';

/**
 * Sign-in throttling, counted in the database so every server instance sees the same counts (issue 10).
 *
 * Three counters, each over 15 minutes; the attempt that reaches a counter's limit blocks it for 30 s,
 * doubling with each further failure up to 15 minutes (answered 429 with Retry-After):
 * - one account from one address: 5. This is what stops a guesser, and it keeps only that guesser out;
 * - one account from anywhere: 50, much higher, so a guesser at one address cannot lock the real owner
 *   out from another (it takes ten addresses guessing in step to block an account for everyone);
 * - one address on any account: 20 (password spraying).
 * Every attempt is counted before its password is hashed (reserve), so concurrent attempts cannot slip
 * past the count. A success clears the account's counters and takes its own count back from the address
 * (settle): only failures count against an address, so a class of 40 behind one school address signs in,
 * while guessing from that address is throttled as before.
 */
export const throttleRules = {
  pair: { free: 5, windowMs: 15 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 },
  account: { free: 50, windowMs: 15 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 },
  address: { free: 20, windowMs: 15 * 60_000, baseBlockMs: 30_000, maxBlockMs: 15 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/** Password checks in flight at once for one account and for one address; more wait their turn as a 429. */
export const inFlightLimits = { account: 2, address: 8 } as const;

const keysFor = (email: string, address: string) => ({
  pair: `pair:${email}|${address}`,
  account: `account:${email}`,
  address: `address:${address}`,
});

export type SignInReservation = { allowed: true; release: () => void } | { allowed: false; retryAfterSeconds: number };

const inFlight = new Map<string, number>();
function take(key: string, limit: number): boolean {
  const n = inFlight.get(key) ?? 0;
  if (n >= limit) return false;
  inFlight.set(key, n + 1);
  return true;
}
function give(key: string) {
  const n = (inFlight.get(key) ?? 1) - 1;
  if (n <= 0) inFlight.delete(key);
  else inFlight.set(key, n);
}

/**
 * Reserves one sign-in attempt: a place in the bounded hashing queue of the account and of the address,
 * then a count on each counter. Refused (with the seconds to wait) when a queue is full or a counter blocked.
 */
export async function reserveSignIn(db: Kysely<Database>, email: string, address: string, now: Date): Promise<SignInReservation> {
  const queueAccount = `account:${email}`;
  const queueAddress = `address:${address}`;
  if (!take(queueAccount, inFlightLimits.account)) return { allowed: false, retryAfterSeconds: 1 };
  if (!take(queueAddress, inFlightLimits.address)) {
    give(queueAccount);
    return { allowed: false, retryAfterSeconds: 1 };
  }
  const release = () => {
    give(queueAccount);
    give(queueAddress);
  };
  try {
    const keys = keysFor(email, address);
    for (const kind of ['pair', 'account', 'address'] as const) {
      const r = await reserveAttempt(db, keys[kind], throttleRules[kind], now);
      if (!r.allowed) {
        release();
        return r;
      }
    }
  } catch (err) {
    release();
    throw err;
  }
  return { allowed: true, release };
}

/** A successful sign-in: the account's counters start again; the address keeps only its failures. */
export async function settleSuccess(db: Kysely<Database>, email: string, address: string): Promise<void> {
  const keys = keysFor(email, address);
  await clearKeys(db, [keys.pair, keys.account]);
  await uncountSuccess(db, keys.address, throttleRules.address);
}
