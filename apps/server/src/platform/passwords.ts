import { randomBytes, scrypt as scryptCb, timingSafeEqual, randomInt } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from '@node-rs/argon2';
import { Limiter } from './limiter.js';

/** OWASP's first recommendation for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** `Algorithm.Argon2id` (a const enum the isolated build cannot read). */
const ARGON2ID_ALGORITHM = 2 as Algorithm;
const ARGON2ID_PREFIX = `$argon2id$v=19$m=${ARGON2ID.memoryCost},t=${ARGON2ID.timeCost},p=${ARGON2ID.parallelism}$`;

export type HashAlgorithm = 'argon2id' | 'scrypt';

/**
 * Password hashing at OWASP parameters, off the event loop, a bounded number at once.
 *
 * New passwords use argon2id (m=19 MiB, t=2, p=1): the bench (`npm run bench:signin`) measured it at about
 * 17 ms a hash against about 600 ms for scrypt N=2^17 on the same 2 cores, which is what lets a class of 200
 * sign in at once without waiting half a minute; OWASP ranks both as sufficient. `PASSWORD_HASH=scrypt`
 * keeps scrypt at `PASSWORD_HASH_COST` (log2 N, r=8, p=1). Stored forms are self-describing (argon2id's PHC
 * string, or `scrypt$<log2N>$<r>$<p>$<salt>$<hash>`), so every older hash keeps verifying and is replaced
 * by the current kind at its next sign-in (needsRehash). Roster imports store a cheap scrypt hash of the
 * generated password (cost 10) that is raised the same way.
 */
export class PasswordHasher {
  private readonly limiter: Limiter;
  private dummyHash: Promise<string> | undefined;
  /** Key derivations computed, by kind (`argon2id`, `scrypt-17`, ...): what sign-in spends, for tests and the bench. */
  readonly derivations = new Map<string, number>();

  constructor(
    private readonly cost = 17,
    concurrency = 4,
    readonly algorithm: HashAlgorithm = 'argon2id',
  ) {
    this.limiter = new Limiter(concurrency);
  }

  /** The derivation label of a full-cost hash (see `derivations`). */
  get fullCostLabel(): string {
    return this.algorithm === 'argon2id' ? 'argon2id' : `scrypt-${this.cost}`;
  }

  private count(label: string) {
    this.derivations.set(label, (this.derivations.get(label) ?? 0) + 1);
  }

  private derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
    const N = 2 ** logN;
    this.count(`scrypt-${logN}`);
    return this.limiter.run(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scryptCb(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
            err ? reject(err) : resolve(key),
          ),
        ),
    );
  }

  /**
   * Hashes at the configured kind and cost; with an explicit scrypt `cost` (roster import's random passwords)
   * at that lower cost, raised to the full one at first sign-in (see needsRehash).
   */
  async hash(password: string, cost?: number): Promise<string> {
    if (cost === undefined && this.algorithm === 'argon2id') {
      this.count('argon2id');
      return this.limiter.run(() => argon2Hash(password.normalize('NFKC'), { algorithm: ARGON2ID_ALGORITHM, ...ARGON2ID }));
    }
    const logN = cost ?? this.cost;
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, logN, 8, 1);
    return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** True when a stored hash is not of the current kind and strength. */
  needsRehash(stored: string): boolean {
    if (this.algorithm === 'argon2id') return !stored.startsWith(ARGON2ID_PREFIX);
    const logN = Number(stored.split('$')[1]);
    return !stored.startsWith('scrypt$') || !Number.isFinite(logN) || logN < this.cost;
  }

  async verify(password: string, stored: string): Promise<boolean> {
    if (stored.startsWith('$argon2id$')) {
      this.count('argon2id');
      return this.limiter.run(() => argon2Verify(stored, password.normalize('NFKC')).catch(() => false));
    }
    const parts = stored.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string];
    const expected = Buffer.from(hash, 'base64');
    const key = await this.derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p));
    return key.length === expected.length && timingSafeEqual(key, expected);
  }

  /** Spends the same work as a real check, so a missing account takes as long as a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(12).toString('hex'));
    await this.verify(password, await this.dummyHash);
    return false;
  }
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of `length` characters without look-alike characters (spec: 8 characters). */
export function generatePassword(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
