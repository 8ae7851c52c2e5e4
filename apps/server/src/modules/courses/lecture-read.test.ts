import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';
import { InProcessPubSub } from '../../platform/pubsub.js';
import { LectureStateCache, type LectureState } from './lecture-state-cache.js';

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

  it('refuses the same way on a repeat read (answered from memory) as on the first', async () => {
    const other = await t.createUser({ role: 'student' });
    const cookie = await t.login(other.email, other.password);
    for (let i = 0; i < 2; i++) {
      const refused = await read(cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Your guide hasn't granted you access yet.");
    }
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ url: '/api/lectures/python-day-4' })).statusCode).toBe(401);
    // (an id past 100 characters never reaches the route: the router answers 414)
    expect((await t.app.inject({ url: `/api/lectures/${'x'.repeat(101)}`, headers: { cookie } })).statusCode).toBe(414);
    expect((await t.app.inject({ url: '/api/lectures/no-such-day', headers: { cookie } })).statusCode).toBe(404);
    // The first read of a reader with a grant goes to the database, the next ones are served from memory: same answer.
    const [first, second] = [await read(student.cookie), await read(student.cookie)];
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
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

/**
 * Issue 10 (read speed): each instance keeps a reader's lecture state; a change made through another
 * instance reaches it through pub/sub (the harness's second app shares the database and the pub/sub, as
 * instances behind a load balancer share PostgreSQL and Redis).
 */
describe.each(engines)('lecture reads across instances (%s)', (engine) => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['restart']>>;
  let guide: string;
  let student: { id: string; cookie: string };
  const read = (lectureId: string) => t.app.inject({ url: `/api/lectures/${lectureId}`, headers: { cookie: student.cookie } });
  const onOther = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, payload?: object) =>
    other.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    other = await t.restart();
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const s = await t.createUser({ role: 'student' });
    student = { id: s.id, cookie: await t.login(s.email, s.password) };
    await grant(t, guide, student.id, ['python-day-5', 'python-day-6', 'python-day-7'], ['explanation']);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('a grant withdrawn on another instance is refused here at once', async () => {
    expect((await read('python-day-5')).statusCode).toBe(200);
    const changes = [{ studentId: student.id, lectureId: 'python-day-5', kind: 'explanation', granted: false }];
    expect((await onOther('PUT', '/api/access', guide, { changes })).statusCode).toBe(200);
    expect((await read('python-day-5')).statusCode).toBe(403);
  });

  it('a completion recorded on another instance shows here at once', async () => {
    expect((await read('python-day-6')).json().completed).toBe(false);
    expect((await onOther('POST', '/api/lectures/python-day-6/complete', student.cookie, {})).statusCode).toBe(200);
    expect((await read('python-day-6')).json().completed).toBe(true);
  });

  it('an edit saved on another instance is served here at once', async () => {
    expect((await read('python-day-7')).statusCode).toBe(200);
    const edit = (await onOther('GET', '/api/lectures/python-day-7/edit', guide)).json();
    expect((await onOther('PUT', '/api/lectures/python-day-7/edit', guide, { ...edit, title: 'Edited elsewhere' })).statusCode).toBe(200);
    expect((await read('python-day-7')).json().title).toBe('Edited elsewhere');
  });

  it('a change written without an announcement is picked up within a minute', async () => {
    expect((await read('python-day-7')).json().access.code).toBe(false);
    // Straight into the table, bypassing the service that announces it: the cached state is trusted for a minute.
    await t.deps.db
      .insertInto('access_grants')
      .values({
        student_id: student.id,
        lecture_id: 'python-day-7',
        kind: 'code',
        granted_by: null,
        granted_at: t.clock.now().toISOString(),
      })
      .execute();
    expect((await read('python-day-7')).json().access.code).toBe(false);
    t.clock.advance(60_000);
    expect((await read('python-day-7')).json().access.code).toBe(true);
  });
});

describe('LectureStateCache', () => {
  const state = (version: string): LectureState => ({ courseId: 'c', version, grants: new Set(), completed: false });

  it('drops a lecture for every reader on lecture.changed, one reader on access.changed, one read on progress.changed', async () => {
    const pubsub = new InProcessPubSub();
    const cache = new LectureStateCache(pubsub);
    for (const reader of ['r1', 'r2']) for (const lecture of ['l1', 'l2']) cache.set(reader, lecture, state('v'), 0);
    await pubsub.publish({ type: 'lecture.changed', lectureId: 'l1' });
    expect([cache.get('r1', 'l1', 0), cache.get('r2', 'l1', 0), cache.get('r2', 'l2', 0)?.version]).toEqual([undefined, undefined, 'v']);
    await pubsub.publish({ type: 'progress.changed', studentId: 'r2', lectureId: 'l2' });
    expect([cache.get('r2', 'l2', 0), cache.get('r1', 'l2', 0)?.version]).toEqual([undefined, 'v']);
    await pubsub.publish({ type: 'access.changed', studentId: 'r1' });
    expect(cache.get('r1', 'l2', 0)).toBeUndefined();
  });

  it('forgets an entry at its maximum age and the reader seen longest ago past its bound', () => {
    const cache = new LectureStateCache(new InProcessPubSub(), 1_000, 2);
    cache.set('r1', 'l', state('1'), 0);
    expect(cache.get('r1', 'l', 999)?.version).toBe('1');
    expect(cache.get('r1', 'l', 1_000)).toBeUndefined();
    cache.set('a', 'l', state('a'), 0);
    cache.set('b', 'l', state('b'), 0);
    cache.set('a', 'm', state('a2'), 0); // a seen again: b is now the oldest
    cache.set('c', 'l', state('c'), 0);
    expect([cache.get('a', 'l', 0)?.version, cache.get('b', 'l', 0), cache.get('c', 'l', 0)?.version]).toEqual(['a', undefined, 'c']);
  });
});
