import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '@learn/shared';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../test/harness.js';
import { containsNul } from './input-guard.js';

describe('containsNul', () => {
  it.each([
    ['plain text', 'abc', false],
    ['a NUL in a string', 'a\0b', true],
    ['a NUL deep in an object', { a: [{ b: 'x\0' }] }, true],
    ['a NUL in a key', { 'k\0': 1 }, true],
    ['numbers and null', { a: 1, b: null, c: [true] }, false],
  ])('%s', (_what, value, expected) => {
    expect(containsNul(value)).toBe(expected);
  });
});

describe.each(engines)('one set of input limits whatever the entry point (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let student: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const s = await t.createUser({ role: 'student', email: 'nul-student@example.com' });
    student = await t.login(s.email, s.password);
  });
  afterAll(() => t.close());

  it.each([
    ['a path parameter', 'GET', '/api/lectures/abc%00def', undefined],
    ['the query', 'GET', '/api/access?courseId=c%00pp', undefined],
    ['a JSON body', 'POST', '/api/students', { name: 'Ada\0', email: 'ada-nul@example.com' }],
    ['a batch name', 'POST', '/api/batches', { name: 'Spring\0' }],
  ])('a NUL in %s is a 400 with a clear message, not a 500', async (_where, method, url, payload) => {
    const cookie = url.startsWith('/api/lectures') ? student : guide;
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION', message: NUL_MESSAGE });
  });

  it('the roster import applies the add form name limit (200 characters) and refuses a NUL', async () => {
    const long = 'x'.repeat(201);
    const csv = `name,email,batch\n${long},long@example.com,\nOk Name,ok@example.com,\n`;
    const preview = (
      await t.app.inject({ method: 'POST', url: '/api/students/import/preview', payload: { csv }, headers: { cookie: guide } })
    ).json();
    expect(preview).toMatchObject({ valid: 1, invalid: 1 });
    expect(preview.rows[0].errors).toEqual(['Name is too long']);
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/students/import', payload: { csv }, headers: { cookie: guide } })
    ).json();
    expect(created.created.map((c: { email: string }) => c.email)).toEqual(['ok@example.com']);
    const list = (await t.app.inject({ method: 'GET', url: '/api/students', headers: { cookie: guide } })).json();
    expect(JSON.stringify(list)).not.toContain(long);
  });
});
