import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';

describe.each(engines)('database connection resilience (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('survives the server ending an idle connection: no crash, and the next request works', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    if (engine === 'postgres') {
      const name = (await sql<{ db: string }>`select current_database() as db`.execute(t.deps.db)).rows[0]!.db;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // The pool drops an idle connection when the server's goodbye reaches it (later on a busy machine).
      while ((t.deps.dbPool?.().idle ?? 0) > 0) await new Promise((r) => setTimeout(r, 20));
    }
    const again = await t.app.inject({ url: '/api/health' });
    expect(again.statusCode).toBe(200);
    expect(again.json().database.reachable).toBe(true);
  });
});
