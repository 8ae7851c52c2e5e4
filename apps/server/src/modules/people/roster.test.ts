import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_NOTE } from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';

describe.each(engines)('roster import (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());
  const post = (url: string, csv: string) => t.app.inject({ method: 'POST', url, payload: { csv }, headers: { cookie: guide } });

  it('previews per-row errors, then creates the valid rows and returns their passwords once', async () => {
    await t.createUser({ role: 'student', email: 'taken@example.com' });
    const csv = [
      'name,email,batch',
      'Ada,ada@example.com,Spring 2024',
      'Bob,bad-email,',
      'Cy,taken@example.com,',
      'Di,di@example.com,No Such Batch',
      'Ed,ADA@example.com,batch_fall_2025',
      'Flo,flo@example.com,batch_fall_2025',
    ].join('\n');
    const preview = (await post('/api/students/import/preview', csv)).json();
    expect(preview).toMatchObject({ valid: 2, invalid: 4 });
    expect(preview.rows.map((r: { line: number; errors: string[] }) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['Please enter a valid email address']],
      [4, ['A user with this email already exists.']],
      [5, ['Unknown batch "No Such Batch"']],
      [6, ['Same email as line 2']],
      [7, []],
    ]);
    const result = (await post('/api/students/import', csv)).json();
    expect(result.skipped).toBe(4);
    expect(result.created.map((c: { email: string }) => c.email)).toEqual(['ada@example.com', 'flo@example.com']);
    const flo = result.created[1];
    expect(flo.password).toMatch(/^[A-Za-z0-9]{8}$/);
    // The bulk hash is raised to the full cost at first sign-in.
    await t.login('flo@example.com', flo.password);
    const row = await t.deps.db
      .selectFrom('users')
      .select(['password_hash', 'batch_id'])
      .where('email', '=', 'flo@example.com')
      .executeTakeFirstOrThrow();
    expect(row.batch_id).toBe('batch_fall_2025');
    expect(t.deps.hasher.needsRehash(row.password_hash)).toBe(false);
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    // Importing the same file again creates nobody.
    expect((await post('/api/students/import', csv)).json().created).toEqual([]);
  });

  it('creates thousands of rows in one go', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `Student ${i},bulk${i}@example.com,Summer 2025`);
    const res = await post('/api/students/import', lines.join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toHaveLength(2000);
    const count = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('batch_id', '=', 'batch_summer_2025')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2000);
  }, 120_000);

  it('notes a name a spreadsheet would run as a formula, and imports it as typed', async () => {
    const preview = (await post('/api/students/import/preview', '=1+2,formula@example.com,\nPlain,plain@example.com,')).json();
    expect(preview).toMatchObject({ valid: 2, invalid: 0 });
    expect(preview.rows.map((r: { name: string; notes?: string[] }) => [r.name, r.notes])).toEqual([
      ['=1+2', [FORMULA_NOTE]],
      ['Plain', undefined],
    ]);
  });

  it('refuses an empty or oversized file clearly', async () => {
    expect((await post('/api/students/import/preview', '\n\n')).json().message).toBe('The file has no rows.');
    const big = Array.from({ length: 5001 }, (_, i) => `S${i},s${i}@example.com,`).join('\n');
    expect((await post('/api/students/import/preview', big)).json().message).toMatch(/at most 5000/);
  });
});
