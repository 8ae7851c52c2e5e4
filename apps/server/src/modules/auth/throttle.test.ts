import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../../test/harness.js';
import { insertUser } from '../people/repository.js';
import { inFlightLimits, throttleRules } from '../../platform/login-throttle.js';

/** Issue 10: throttling holds under concurrency, keeps no owner out, and takes the same work for every account. */
describe.each(engines)('sign-in throttling under load (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const fullCost = () => t.deps.hasher.derivations.get(t.deps.hasher.fullCostLabel) ?? 0;
  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('100 concurrent guesses for one account from one address: at most the limit reach the hash', async () => {
    const s = await t.createUser({ role: 'student' });
    const before = fullCost();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(s.email, `guess-${i}-x`, '10.7.0.1')));
    const hashed = fullCost() - before;
    expect(hashed).toBeGreaterThan(0);
    expect(hashed).toBeLessThanOrEqual(throttleRules.pair.free);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((c) => c === 401).length).toBe(hashed);
    expect(statuses.filter((c) => c === 429).length).toBe(100 - hashed);
    for (const a of answers.filter((x) => x.statusCode === 429)) expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect(inFlightLimits.account).toBeLessThan(throttleRules.pair.free);
  });

  it('a class of 40 behind one address signs in within a minute, typos included; guessing from it stays throttled', async () => {
    const school = '10.40.0.1';
    const klass = await Promise.all(Array.from({ length: 40 }, () => t.createUser({ role: 'student' })));
    const start = t.clock.now().getTime();
    // Three students mistype first.
    for (const s of klass.slice(0, 3)) expect((await attempt(s.email, 'mistyped-pw', school)).statusCode).toBe(401);
    // Everyone presses Sign In at once; whoever is asked to wait tries again after Retry-After.
    let waiting = klass;
    for (let round = 0; waiting.length > 0 && round < 40; round++) {
      const answers = await Promise.all(waiting.map((s) => attempt(s.email, s.password, school)));
      for (const a of answers) expect([200, 429]).toContain(a.statusCode);
      const refused = answers.filter((a) => a.statusCode === 429);
      waiting = waiting.filter((_, i) => answers[i]!.statusCode === 429);
      if (refused.length) t.clock.advance(Math.max(...refused.map((a) => Number(a.headers['retry-after']))) * 1000);
    }
    expect(waiting).toEqual([]);
    expect(t.clock.now().getTime() - start).toBeLessThanOrEqual(60_000);
    // The same address guessing passwords of other accounts is still stopped at the address limit.
    let status = 0;
    let guesses = 0;
    for (; guesses < throttleRules.address.free + 1 && status !== 429; guesses++)
      status = (await attempt(`spray-${engine}-${guesses}@example.com`, 'guess-guess', school)).statusCode;
    expect(status).toBe(429);
    expect(guesses).toBeLessThanOrEqual(throttleRules.address.free - 3 + 1);
    expect((await attempt(klass[5]!.email, klass[5]!.password, school)).statusCode).toBe(429);
  });

  it('a guesser at one address does not keep the owner out at another', async () => {
    const s = await t.createUser({ role: 'student' });
    for (let i = 0; i < throttleRules.pair.free; i++) expect((await attempt(s.email, 'wrong-wrong', '10.7.1.1')).statusCode).toBe(401);
    expect((await attempt(s.email, 'wrong-wrong', '10.7.1.1')).statusCode).toBe(429);
    expect((await attempt(s.email, s.password, '10.7.1.1')).statusCode).toBe(429);
    expect((await attempt(s.email, s.password, '10.7.2.2')).statusCode).toBe(200);
  });

  it('blocks an account everywhere only at a much higher count, spread over many addresses', async () => {
    const s = await t.createUser({ role: 'student' });
    let refusedElsewhere = 0;
    for (let i = 0; i < throttleRules.account.free + 1; i++) {
      const res = await attempt(s.email, 'wrong-wrong', `10.8.${Math.floor(i / 4)}.1`);
      if (res.statusCode === 429) refusedElsewhere++;
    }
    expect(refusedElsewhere).toBeGreaterThan(0);
    expect((await attempt(s.email, s.password, '10.9.0.1')).statusCode).toBe(429);
  });

  it('an imported account (cheap hash), a full-cost account and an unknown email spend the same full-cost work on a wrong password', async () => {
    const full = await t.createUser({ role: 'student' });
    const imported = { id: `user_student_imported_${engine}`, email: `imported-${engine}@example.com` };
    await insertUser(t.deps.db, {
      id: imported.id,
      name: 'Imported',
      email: imported.email,
      role: 'student',
      password_hash: await t.deps.hasher.hash('Abcdefgh', 10),
      batch_id: null,
      last_login: null,
      created_at: t.clock.now().toISOString(),
    });
    const spent = async (email: string, address: string) => {
      const before = fullCost();
      expect((await attempt(email, 'not-the-password', address)).statusCode).toBe(401);
      return fullCost() - before;
    };
    await spent(`warm-up-${engine}@example.com`, '10.6.0.9'); // the first unknown email also makes the dummy hash
    const unknown = await spent(`nobody-${engine}@example.com`, '10.6.0.1');
    expect(unknown).toBe(1);
    expect(await spent(full.email, '10.6.0.2')).toBe(unknown);
    expect(await spent(imported.email, '10.6.0.3')).toBe(unknown);
  });
});
