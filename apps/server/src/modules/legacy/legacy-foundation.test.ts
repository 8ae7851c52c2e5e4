import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';

describe.each(engines)('health and the old foundation calls (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database, version and uptime without a session', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 'ok', version: '0.1.0', database: { reachable: true, engine } });
    expect(typeof res.json().uptimeSeconds).toBe('number');
  });

  it('GET /api/test_api.php answers in the old shape', async () => {
    const res = await t.app.inject({ url: '/api/test_api.php' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.database.connection).toBe('successful');
    expect(body.database.batch_count).toBe(6);
    expect(body.database.mysql_version).toMatch(engine === 'sqlite' ? /^SQLite 3\./ : /^PostgreSQL \d+/);
    expect(body.server_info.server_software).toMatch(/^Learn\//);
  });

  it('OPTIONS /api/login.php answers the old health check', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/login.php' });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toContain('POST');
  });

  it('POST /api/login.php signs in with success, user and message, and never returns a password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login.php', payload: { email: GUIDE_EMAIL, password: GUIDE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Login successful', user: { email: GUIDE_EMAIL, role: 'guide' } });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt|argon2/i);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('POST /api/login.php answers success false with the message on failure', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login.php', payload: { email: GUIDE_EMAIL, password: 'wrong-one' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ success: false, message: 'Invalid email or password.' });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/login.php', payload: { email: 'nope' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ success: false, message: 'Please enter a valid email address' });
  });

  it('answers unknown API paths with a NOT_FOUND body', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'NOT_FOUND', message: 'Resource not found' });
  });

  it('answers a malformed JSON body with a 400 error body, not a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('VALIDATION');
    expect(res.body).not.toMatch(/at .*\.js/);
  });
});
