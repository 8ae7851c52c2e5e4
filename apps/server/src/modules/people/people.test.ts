import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { guideRemovalRefusal, mateAbilities } from './policy.js';
import type { Actor } from '../../platform/authenticate.js';

const actor = (id: string): Actor => ({
  id,
  name: 'x',
  email: 'x@example.com',
  role: 'guide',
  batchId: null,
  lastLogin: null,
  sessionId: 's',
});

describe('guide removal policy', () => {
  it.each([
    ['g1', 'g1', 3, 'You cannot remove your own account.'],
    ['g1', 'g2', 1, 'Cannot remove the last mate account.'],
    ['g1', 'g2', 2, null],
  ])('%s removing %s with %i mates -> %s', (by, target, count, expected) => {
    expect(guideRemovalRefusal(actor(by), target, count)).toBe(expected);
  });

  it.each([
    [
      'oneself, the only mate: the one reason that applies',
      'g1',
      'g1',
      1,
      { remove: false, removeReason: 'You cannot remove your own account.' },
    ],
    ['another, the last mate', 'g1', 'g2', 1, { remove: false, removeReason: 'Cannot remove the last mate account.' }],
    ['another of two', 'g1', 'g2', 2, { remove: true }],
  ])('abilities: %s', (_what, by, target, count, expected) => {
    expect(mateAbilities(actor(by), target, count)).toEqual(expected);
  });
});

describe.each(engines)('students and mates (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = guide) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('adds a student with a generated 8-character password shown once, and a server-made id', async () => {
    const res = await call('POST', '/api/students', {
      name: '  Ada Lovelace ',
      email: ' ADA@Example.com',
      batchId: '  batch_spring_2024 ',
    });
    expect(res.statusCode).toBe(201);
    const { user, password } = res.json();
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'student',
      batchId: 'batch_spring_2024',
      batchName: 'Spring 2024',
      lastLogin: null,
    });
    expect(user.id).toMatch(/^user_student_\d+/);
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    const list = (await call('GET', '/api/students')).json().students;
    expect(list.find((s: { id: string }) => s.id === user.id)).toBeTruthy();
    expect(JSON.stringify(list)).not.toMatch(/password|scrypt|argon2/i);
    const cookie = await t.login('ada@example.com', password);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.name).toBe('Ada Lovelace');
  });

  it('omits an empty batch, and validates with clear messages', async () => {
    const ok = await call('POST', '/api/students', { name: 'No Batch', email: 'nobatch@example.com', batchId: '   ' });
    expect(ok.json().user.batchId).toBeNull();
    expect((await call('POST', '/api/students', { email: 'x@example.com' })).json().message).toBe('Name is required');
    expect((await call('POST', '/api/students', { name: 'X', email: 'nope' })).json().message).toBe('Please enter a valid email address');
    const badBatch = await call('POST', '/api/students', { name: 'X', email: 'x2@example.com', batchId: 'batch_missing' });
    expect(badBatch.statusCode).toBe(400);
    expect(badBatch.json().message).toBe('Unknown batch.');
  });

  it('answers a duplicate email with 409 and a clear message', async () => {
    await call('POST', '/api/students', { name: 'One', email: 'dup@example.com' });
    const again = await call('POST', '/api/students', { name: 'Two', email: 'DUP@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'CONFLICT', message: 'A user with this email already exists.' });
    const asGuide = await call('POST', '/api/guides', { name: 'Two', email: 'dup@example.com' });
    expect(asGuide.statusCode).toBe(409);
  });

  it('edits a student, changing the password only when one is typed, and ends their sessions when it changes', async () => {
    const { user, password } = (await call('POST', '/api/students', { name: 'Edit Me', email: 'edit@example.com' })).json();
    const studentCookie = await t.login('edit@example.com', password);
    const rename = await call('PATCH', `/api/students/${user.id}`, { name: 'Edited', password: '' });
    expect(rename.json().user.name).toBe('Edited');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: studentCookie } })).statusCode).toBe(200);
    expect((await t.login('edit@example.com', password)).length).toBeGreaterThan(0);

    const change = await call('PATCH', `/api/students/${user.id}`, { password: 'brand-new-pass' });
    expect(change.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: studentCookie } })).statusCode).toBe(401);
    await expect(t.login('edit@example.com', password)).rejects.toThrow();
    expect((await t.login('edit@example.com', 'brand-new-pass')).length).toBeGreaterThan(0);
    expect((await call('PATCH', `/api/students/${user.id}`, { password: 'short' })).json().message).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('resets a password to a new generated one and removes a student, ending their session at once', async () => {
    const { user, password } = (await call('POST', '/api/students', { name: 'Gone Soon', email: 'gone@example.com' })).json();
    const cookie = await t.login('gone@example.com', password);
    const reset = await call('POST', `/api/students/${user.id}/reset-password`);
    expect(reset.json().password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const cookie2 = await t.login('gone@example.com', reset.json().password);
    const removed = await call('DELETE', `/api/students/${user.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: cookie2 } })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/students/${user.id}`)).statusCode).toBe(404);
    const log = await t.deps.db.selectFrom('audit_log').select('action').where('target', '=', user.id).execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['student.create', 'student.reset-password', 'student.remove']));
  });

  it('lists each mate with what the caller may do with it (the page copies no rule)', async () => {
    const { guides } = (await call('GET', '/api/guides')).json();
    expect(guides).toHaveLength(1);
    expect(guides[0].abilities).toEqual({ remove: false, removeReason: 'You cannot remove your own account.' });
    const added = await call('POST', '/api/guides', { name: 'Listed Mate', email: 'listed@example.com' });
    const listed = (await call('GET', '/api/guides')).json().guides as { id: string; abilities: unknown }[];
    expect(listed.find((g) => g.id === added.json().user.id)?.abilities).toEqual({ remove: true });
    expect((await call('DELETE', `/api/guides/${added.json().user.id}`)).statusCode).toBe(200);
  });

  it('manages mates: not oneself, never the last one', async () => {
    const me = (await call('GET', '/api/guides')).json().guides.find((g: { email: string }) => g.email === GUIDE_EMAIL);
    const self = await call('DELETE', `/api/guides/${me.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot remove your own account.');

    const added = await call('POST', '/api/guides', { name: 'Second Mate', email: 'mate2@example.com' });
    expect(added.statusCode).toBe(201);
    expect(added.json().user).toMatchObject({ role: 'guide', name: 'Second Mate' });
    expect(added.json().user.id).toMatch(/^user_guide_\d+/);
    const other = await t.login('mate2@example.com', added.json().password);
    // The second mate removes the first; then the last one cannot be removed by anyone.
    expect((await call('DELETE', `/api/guides/${me.id}`, undefined, other)).statusCode).toBe(200);
    const last = await call('DELETE', `/api/guides/${added.json().user.id}`, undefined, other);
    expect(last.statusCode).toBe(403);
    // Put the default guide back for the other tests.
    const back = await call('POST', '/api/guides', { name: 'Course Mate', email: 'guide2@example.com' }, other);
    guide = await t.login('guide2@example.com', back.json().password);
    const lastRule = await call('DELETE', `/api/guides/${back.json().user.id}`, undefined, other);
    expect(lastRule.statusCode).toBe(200);
    const refused = await call('DELETE', `/api/guides/${added.json().user.id}`, undefined, other);
    expect(refused.json().message).toBe('You cannot remove your own account.');
  });

  it('keeps every people route away from students', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    for (const [method, url] of [
      ['GET', '/api/students'],
      ['POST', '/api/students'],
      ['PATCH', `/api/students/${s.id}`],
      ['DELETE', `/api/students/${s.id}`],
      ['POST', `/api/students/${s.id}/reset-password`],
      ['GET', '/api/guides'],
      ['POST', '/api/guides'],
      ['GET', '/api/batches'],
    ] as const)
      expect((await call(method, url, {}, cookie)).statusCode, `${method} ${url}`).toBe(403);
  });
});
