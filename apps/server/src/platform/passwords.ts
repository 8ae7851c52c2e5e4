import { randomBytes, scrypt as scryptCb, timingSafeEqual, randomInt } from 'node:crypto';
import { Limiter } from './limiter.js';

/**
 * Password hashing with scrypt (OWASP: N=2^17, r=8, p=1). Hashing runs on libuv's thread pool, off the
 * event loop; a limiter bounds how many run at once, so a burst of logins cannot exhaust memory
 * (each hash holds 128 * N * r bytes: 128 MiB at the default cost).
 * Stored form: `scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can be raised later.
 */
export class PasswordHasher {
  private readonly limiter: Limiter;
  private dummyHash: Promise<string> | undefined;
  /** Key derivations computed, by cost (log2 N): what sign-in spends, for tests and the bench. */
  readonly derivations = new Map<number, number>();

  constructor(
    private readonly cost = 17,
    concurrency = 4,
  ) {
    this.limiter = new Limiter(concurrency);
  }

  private derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
    const N = 2 ** logN;
    this.derivations.set(logN, (this.derivations.get(logN) ?? 0) + 1);
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
   * Hashes at the configured cost, or at a lower one for bulk-generated random passwords (roster import),
   * which are raised to the full cost at their first sign-in (see needsRehash).
   */
  async hash(password: string, cost = this.cost): Promise<string> {
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, cost, 8, 1);
    return `scrypt$${cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** True when a stored hash is weaker than the configured cost. */
  needsRehash(stored: string): boolean {
    const logN = Number(stored.split('$')[1]);
    return !Number.isFinite(logN) || logN < this.cost;
  }

  async verify(password: string, stored: string): Promise<boolean> {
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
