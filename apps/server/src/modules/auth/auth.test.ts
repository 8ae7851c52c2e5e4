import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieFrom, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { LOGIN_FAILED_MESSAGE } from './service.js';

describe.each(engines)('sign-in and sessions (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

  it('signs in with a trimmed, lower-cased email and sets a safe session cookie', async () => {
    const res = await login({ email: `  ${GUIDE_EMAIL.toUpperCase()} `, password: GUIDE_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: GUIDE_EMAIL, role: 'guide', id: 'user_guide_default' });
    expect(body.user.lastLogin).toBe(t.clock.now().toISOString());
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt|argon2/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/learn_session=[A-Za-z0-9_-]{43}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const token = cookie.split('=')[1]!;
    const rows = await t.deps.db.selectFrom('sessions').select('id').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '   ', password: 'abcdef' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'abcdef' }, 'Please enter a valid email address'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters long'],
    [{ email: 'a@b.co', password: 'x'.repeat(255) }, 'Password must be less than 255 characters'],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', message });
  });

  it('answers the same for a wrong password and for an unknown account', async () => {
    const student = await t.createUser({ role: 'student' });
    const wrong = await login({ email: student.email, password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ type: 'AUTHENTICATION', message: LOGIN_FAILED_MESSAGE });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('knows the user through /me and forgets them after logout', async () => {
    const student = await t.createUser({ role: 'student', name: 'Ada Student' });
    const cookie = await t.login(student.email, student.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: student.id, name: 'Ada Student', role: 'student' });
    expect(me.json().user).not.toHaveProperty('sessionId');

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ type: 'AUTHENTICATION', message: 'Authentication required' });
  });

  it('ends a session after the idle timeout', async () => {
    const cookie = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    t.clock.advance(t.deps.config.session.idleMs - 60_000);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    t.clock.advance(t.deps.config.session.idleMs);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends an active session at its absolute lifetime', async () => {
    const cookie = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const step = t.deps.config.session.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < t.deps.config.session.maxMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    }
    t.clock.advance(step);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const foreign = await login({ email: GUIDE_EMAIL, password: GUIDE_PASSWORD }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().type).toBe('AUTHORIZATION');
    const crossSite = await login({ email: GUIDE_EMAIL, password: GUIDE_PASSWORD }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const same = await login({ email: GUIDE_EMAIL, password: GUIDE_PASSWORD }, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(same.statusCode).toBe(200);
  });
});

describe.each(engines)('login throttling (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('slows an account after 5 failures with 429 and Retry-After, then lets the real user back in', async () => {
    const s = await t.createUser({ role: 'student' });
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: s.email, password }, remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
    const blocked = await attempt('wrong-pass');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    // Even the right password waits out the block...
    const right = await attempt(s.password);
    expect(right.statusCode).toBe(429);
    // ...but not for long.
    t.clock.advance(Number(right.headers['retry-after']) * 1000);
    expect((await attempt(s.password)).statusCode).toBe(200);
    // Success clears the account's count.
    expect((await attempt('wrong-pass')).statusCode).toBe(401);
  });

  it('doubles the block for repeated failures, capped at 15 minutes', async () => {
    const s = await t.createUser({ role: 'student' });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: s.email, password: 'nope-nope' },
        remoteAddress: '10.0.0.2',
      });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await attempt();
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']);
        t.clock.advance(wait * 1000);
        const after = await attempt();
        expect(after.statusCode).toBe(401);
        waits.push(wait);
      }
    }
    expect(waits.length).toBeGreaterThan(2);
    expect(waits[1]).toBe(waits[0]! * 2);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60);
  });

  it('throttles one address trying many accounts', async () => {
    let status = 0;
    for (let i = 0; i < 21 && status !== 429; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spray${i}@example.com`, password: 'guess-1234' },
        remoteAddress: '10.9.9.9',
      });
      status = res.statusCode;
    }
    expect(status).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: GUIDE_EMAIL, password: GUIDE_PASSWORD },
      remoteAddress: '10.1.1.1',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('session cookie over https', () => {
  it('is Secure when the request came over https behind a trusted proxy', async () => {
    const t = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: GUIDE_EMAIL, password: GUIDE_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(cookieFrom(res)).toMatch(/^learn_session=/);
    } finally {
      await t.close();
    }
  });
});
