import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, type TestApp } from '../../../test/harness.js';
import { knownMigrations } from '../../db/database.js';

/** Issue 17: login_diagnostics.php and /dashboard_debug.html tell an operator what is wrong, and no secrets. */
describe.each(engines)('operator diagnostics (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.createUser({ role: 'student', name: 'Zelda Secretname', email: 'zelda.secret@example.com' });
  });
  afterAll(() => t.close());

  it('reports the database, migrations, runner, pub/sub, version and uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login_diagnostics.php' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const d = res.json();
    expect(d).toMatchObject({
      success: true,
      database: { reachable: true, engine },
      migrations: { applied: knownMigrations().length, expected: knownMigrations().length, pending: [] },
      pubsub: { connected: expect.any(Boolean) },
      server: { version: expect.any(String), uptimeSeconds: expect.any(Number) },
    });
    expect(d.database.version).toBeTruthy();
    const html = await t.app.inject({ method: 'GET', url: '/dashboard_debug.html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('Dashboard debug');
    expect(html.body).toContain(`${knownMigrations().length} of ${knownMigrations().length} applied`);
  });

  it('holds no paths, keys, connection strings or user data', async () => {
    const bodies = [
      (await t.app.inject({ method: 'GET', url: '/api/login_diagnostics.php' })).body,
      (await t.app.inject({ method: 'GET', url: '/dashboard_debug.html' })).body,
    ];
    const secrets = [
      process.cwd(),
      t.deps.config.dataDir,
      process.env.TEST_DATABASE_URL,
      'postgres://',
      GUIDE_EMAIL,
      'zelda',
      'Secretname',
      '@example.com',
      'password',
      'token',
      'secret',
    ].filter((s): s is string => !!s);
    for (const body of bodies) {
      for (const s of secrets) expect(body.toLowerCase(), s).not.toContain(s.toLowerCase());
      // No absolute file paths at all.
      expect(body).not.toMatch(/(^|["\s(])\/(home|tmp|work|var|usr|etc|root)\//);
    }
  });
});
