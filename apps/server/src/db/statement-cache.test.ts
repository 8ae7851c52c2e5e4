import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../test/harness.js';
import { StatementCache } from './statement-cache.js';
import { migrateToLatest, openDatabase } from './database.js';
import { precompiled } from './precompiled.js';

describe('StatementCache', () => {
  it('reuses the statement for the same SQL and evicts the least recently used', () => {
    const cache = new StatementCache(new SQLite(':memory:'), 2);
    const a = cache.prepare('select 1 as x');
    expect(cache.prepare('select 1 as x')).toBe(a);
    const b = cache.prepare('select 2 as x');
    cache.prepare('select 1 as x'); // a is now the most recent
    cache.prepare('select 3 as x'); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.prepare('select 1 as x')).toBe(a);
    expect(cache.prepare('select 2 as x')).not.toBe(b);
    expect(cache.prepared).toBe(4);
    cache.close();
  });

  it('sits under Kysely on SQLite: a repeated query is prepared once', async () => {
    const handle = openDatabase({ dataDir: ':memory:' });
    await migrateToLatest(handle);
    const query = () => handle.db.selectFrom('courses').select(['id', 'title']).where('prefix', '=', 'python').execute();
    await query();
    const before = handle.statements!.prepared;
    expect(await query()).toEqual(await query());
    expect(handle.statements!.prepared).toBe(before);
    await handle.close();
  });
});

describe.each(engines)('reads through the cached statements (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers the same read the same way each time', async () => {
    const guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const read = () => t.app.inject({ url: '/api/courses/course_python_01/lectures', headers: { cookie: guide } });
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect((await read()).body).toBe(first.body);
    expect(first.json().lectures.length).toBeGreaterThan(0);
  });

  it("runs a precompiled query with each call's values, like the query built each time", async () => {
    const byPrefix = precompiled((db, prefix: string) =>
      db.selectFrom('courses').select(['id', 'title']).where('prefix', '=', prefix).orderBy('id'),
    );
    const direct = (prefix: string) =>
      t.deps.db.selectFrom('courses').select(['id', 'title']).where('prefix', '=', prefix).orderBy('id').execute();
    for (const prefix of ['python', 'c-cpp', 'none']) expect(await byPrefix(t.deps.db, prefix)).toEqual(await direct(prefix));
    expect((await byPrefix(t.deps.db, 'c-cpp')).length).toBe(2);
  });
});
