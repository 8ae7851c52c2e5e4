import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../test/harness.js';
import { InProcessPubSub } from './pubsub.js';
import { SessionCache } from './session-cache.js';
import { hashToken, type SessionRow } from './sessions.js';

/** Issue 10 (read speed): sessions are cached per instance, and nothing that ends or changes one waits for the cache. */
describe.each(engines)('session cache (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const tokenOf = (cookie: string) => cookie.slice('learn_session='.length);

  it('answers a repeated request from the cache: a row deleted behind its back is noticed only at the next refresh', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    expect((await me(cookie)).statusCode).toBe(200);
    // Deleted without the announcement every real path makes (logout, reset, removal): the cache still trusts it...
    await t.deps.db
      .deleteFrom('sessions')
      .where('id', '=', hashToken(tokenOf(cookie)))
      .execute();
    expect((await me(cookie)).statusCode).toBe(200);
    // ...but only until the minute after which the database is asked again.
    t.clock.advance(60_000);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refreshes last_seen_at in the database once a minute although requests are answered from the cache', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    await me(cookie);
    t.clock.advance(61_000);
    await me(cookie);
    const row = await t.deps.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', hashToken(tokenOf(cookie)))
      .executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe(t.clock.now().toISOString());
  });

  it('logout ends the session at once, though it was cached', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a password reset by a guide ends every cached session of the student at once', async () => {
    const s = await t.createUser({ role: 'student' });
    const a = await t.login(s.email, s.password);
    const b = await t.login(s.email, s.password);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: `/api/students/${s.id}/reset-password`, headers: { cookie: guide } });
    expect(reset.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });

  it('a guide renaming a student shows in the next answer, not a minute later', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    expect((await me(cookie)).json().user.name).not.toBe('Renamed Student');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/students/${s.id}`,
      headers: { cookie: guide },
      payload: { name: 'Renamed Student' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await me(cookie)).json().user.name).toBe('Renamed Student');
  });

  it('deleting a batch clears the batch of its cached students at once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/batches',
      headers: { cookie: guide },
      payload: { name: 'Cache Batch' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const batchId = (created.json() as { batch?: { id: string }; id?: string }).batch?.id ?? created.json().id;
    const s = await t.createUser({ role: 'student', batchId });
    const cookie = await t.login(s.email, s.password);
    expect((await me(cookie)).json().user.batchId).toBe(batchId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/batches/${batchId}`, headers: { cookie: guide } })).statusCode).toBe(200);
    expect((await me(cookie)).json().user.batchId).toBeNull();
  });

  it('an announcement from another instance (through pub/sub) drops the cached session', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    expect((await me(cookie)).statusCode).toBe(200);
    // What another instance does when it logs this session out: delete the row, then publish.
    const id = hashToken(tokenOf(cookie));
    await t.deps.db.deleteFrom('sessions').where('id', '=', id).execute();
    await t.deps.pubsub.publish({ type: 'session.ended', userId: s.id, sessionId: id });
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const policy = { idleMs: 30 * 60_000, maxMs: 14 * 24 * 3600_000 };
  const row = (userId: string, sessionId: string, lastSeen: Date, expires = new Date(lastSeen.getTime() + policy.maxMs)): SessionRow => ({
    session_id: sessionId,
    last_seen_at: lastSeen.toISOString(),
    expires_at: expires.toISOString(),
    id: userId,
    name: 'N',
    email: 'n@example.com',
    role: 'student',
    batch_id: null,
    last_login: null,
  });

  it('keeps at most its bound, dropping the oldest entry first', () => {
    const cache = new SessionCache(new InProcessPubSub(), policy, 2);
    const now = new Date();
    cache.set('a', row('u1', 's1', now));
    cache.set('b', row('u2', 's2', now));
    cache.set('c', row('u3', 's3', now));
    expect(cache.size).toBe(2);
    expect(cache.get('a', now.getTime())).toBeUndefined();
    expect(cache.get('c', now.getTime())?.id).toBe('u3');
  });

  it('never answers past the absolute lifetime or a short idle limit', () => {
    const now = new Date('2026-01-05T09:00:00Z');
    const cache = new SessionCache(new InProcessPubSub(), { idleMs: 10_000, maxMs: policy.maxMs });
    cache.set('idle', row('u1', 's1', now));
    cache.set('old', row('u2', 's2', now, new Date(now.getTime() + 5_000)));
    const later = new Date(now.getTime() + 10_000);
    expect(cache.get('idle', later.getTime())).toBeUndefined();
    expect(cache.get('old', now.getTime() + 5_000)).toBeUndefined();
  });

  it('drops only the named session on a logout event, every session of the user otherwise', async () => {
    const pubsub = new InProcessPubSub();
    const cache = new SessionCache(pubsub, policy);
    const now = new Date();
    cache.set('a', row('u1', 's1', now));
    cache.set('b', row('u1', 's2', now));
    cache.set('c', row('u2', 's3', now));
    await pubsub.publish({ type: 'session.ended', userId: 'u1', sessionId: 's1' });
    expect([cache.get('a', now.getTime()), cache.get('b', now.getTime())?.session_id]).toEqual([undefined, 's2']);
    await pubsub.publish({ type: 'user.changed', userId: 'u1' });
    expect(cache.get('b', now.getTime())).toBeUndefined();
    expect(cache.get('c', now.getTime())?.id).toBe('u2');
  });
});
