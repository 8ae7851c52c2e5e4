import { describe, expect, it } from 'vitest';
import { PasswordHasher, generatePassword } from './passwords.js';
import { Limiter } from './limiter.js';
import { loadConfig } from '../config.js';

describe('password hashing', () => {
  it('uses OWASP argon2id parameters by default (m=19 MiB, t=2, p=1), scrypt N=2^17 r=8 p=1 when chosen', async () => {
    expect(loadConfig({}).passwordHash.algorithm).toBe('argon2id');
    const hash = await new PasswordHasher().hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(loadConfig({ PASSWORD_HASH: 'scrypt' }).passwordHash.cost).toBe(17);
    const scrypt = await new PasswordHasher(17, 1, 'scrypt').hash('correct horse');
    expect(scrypt).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });

  it('keeps verifying scrypt hashes after the switch to argon2id, and replaces them at the next sign-in', async () => {
    const old = await new PasswordHasher(12, 1, 'scrypt').hash('from-before');
    const now = new PasswordHasher(12, 1, 'argon2id');
    expect(await now.verify('from-before', old)).toBe(true);
    expect(await now.verify('not-it', old)).toBe(false);
    expect(now.needsRehash(old)).toBe(true);
    const fresh = await now.hash('from-before');
    expect(now.needsRehash(fresh)).toBe(false);
    expect(await now.verify('from-before', fresh)).toBe(true);
    expect(await now.verify('not-it', fresh)).toBe(false);
  });

  it('verifies the right password only, with a fresh salt each time', async () => {
    const h = new PasswordHasher(12);
    const a = await h.hash('secret-one');
    const b = await h.hash('secret-one');
    expect(a).not.toBe(b);
    expect(await h.verify('secret-one', a)).toBe(true);
    expect(await h.verify('secret-two', a)).toBe(false);
    expect(await h.verify('secret-one', 'not-a-hash')).toBe(false);
  });

  it('verifies a hash made at another cost (so the cost can be raised later)', async () => {
    const old = await new PasswordHasher(11, 1, 'scrypt').hash('keep-me');
    expect(await new PasswordHasher(13, 1, 'scrypt').verify('keep-me', old)).toBe(true);
    expect(new PasswordHasher(13, 1, 'scrypt').needsRehash(old)).toBe(true);
  });

  it('generates 8-character passwords from an unambiguous alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('Limiter', () => {
  it('never runs more than its maximum at once', async () => {
    const limiter = new Limiter(3);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(peak).toBe(3);
  });

  it('bounds a burst of real hashes', async () => {
    const h = new PasswordHasher(12, 2);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => h.hash(`burst-${i}`)));
    expect(new Set(results).size).toBe(8);
  });
});
