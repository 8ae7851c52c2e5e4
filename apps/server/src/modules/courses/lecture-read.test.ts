import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';

describe.each(engines)('lecture reads: cached body, ETag and 304 (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  let student: { id: string; cookie: string };
  const read = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/lectures/python-day-4', headers: { cookie, ...headers } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const s = await t.createUser({ role: 'student' });
    student = { id: s.id, cookie: await t.login(s.email, s.password) };
    await grant(t, guide, student.id, ['python-day-4'], ['explanation']);
  });
  afterAll(() => t.close());

  it('answers 304 to a matching If-None-Match, revalidating each time', async () => {
    const first = await read(student.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await read(student.cookie, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await read(student.cookie, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it("changes the ETag and the body when the student's grants change", async () => {
    const before = await read(student.cookie);
    expect(before.json().codeContent).toBeUndefined();
    await grant(t, guide, student.id, ['python-day-4'], ['code']);
    const after = await read(student.cookie, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().codeContent.length).toBeGreaterThan(0);
    await grant(t, guide, student.id, ['python-day-4'], ['code'], false);
    expect((await read(student.cookie)).headers.etag).toBe(before.headers.etag);
  });

  it('serves the edited lecture right after an edit (the cached body is dropped)', async () => {
    const edit = (await t.app.inject({ url: '/api/lectures/python-day-4/edit', headers: { cookie: guide } })).json();
    const save = (title: string, text: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/lectures/python-day-4/edit',
        headers: { cookie: guide },
        payload: { ...edit, title, detailedContent: [{ type: 'paragraph', text }] },
      });
    expect((await save('First edit', 'First text.')).statusCode).toBe(200);
    const before = await read(student.cookie);
    expect(before.json().title).toBe('First edit');
    // The test clock stands still: the second edit keeps the same updated_at, so only the invalidation helps.
    expect((await save('Edited title', 'Brand new text.')).statusCode).toBe(200);
    const after = await read(student.cookie, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().title).toBe('Edited title');
    expect(JSON.stringify(after.json().detailedContent)).toContain('Brand new text.');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps the same body shape as before: completion included, no answer key', async () => {
    const view = (await read(student.cookie)).json();
    expect(view.completed).toBe(false);
    expect(view.access).toEqual({ explanation: true, code: false, assignment: false });
    expect(JSON.stringify(view)).not.toMatch(/correctAnswer|"solution"/);
  });
});
