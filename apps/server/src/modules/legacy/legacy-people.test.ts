import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';

describe.each(engines)('the old people and batch calls (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = guide) =>
    t.app.inject({ method, url, payload, headers: { cookie } });
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('adds, lists, updates and removes a student; the password comes back only at creation', async () => {
    const add = await call('POST', '/api/add_student.php', {
      id: 'ignored',
      name: 'Old Client',
      email: 'old@example.com',
      batchId: '',
      role: 'Student',
      password: 'chosen-pw',
    });
    expect(add.statusCode).toBe(200);
    const body = add.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Student added successfully',
      user: { name: 'Old Client', email: 'old@example.com', batchId: null, password: 'chosen-pw' },
    });
    const id = body.user.id as string;
    expect(id).toMatch(/^user_student_\d+/);
    await t.login('old@example.com', 'chosen-pw');

    const users = (await call('GET', '/api/get_users.php')).json();
    expect(users.students.find((s: { id: string }) => s.id === id)).toMatchObject({ name: 'Old Client' });
    expect(users.guides.map((g: { email: string }) => g.email)).toContain(GUIDE_EMAIL);
    expect(JSON.stringify(users)).not.toMatch(/password|scrypt|argon2/);

    const upd = await call('POST', '/api/update_student.php', { studentId: id, data: { name: 'Renamed', password: '' } });
    expect(upd.json()).toEqual({ success: true, message: 'Student updated successfully' });
    const dup = await call('POST', '/api/add_student.php', { name: 'Again', email: 'old@example.com' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: 'A user with this email already exists.' });
    expect((await call('POST', '/api/remove_student.php', { studentId: id })).json()).toEqual({
      success: true,
      message: 'Student removed successfully',
    });
    expect((await call('POST', '/api/remove_student.php', { studentId: id })).json()).toMatchObject({ success: false });
  });

  it('adds, updates and removes a mate, with the same rules', async () => {
    const add = (await call('POST', '/api/add_guide.php', { name: 'Old Mate', email: 'oldmate@example.com', role: 'Guide' })).json();
    expect(add).toMatchObject({ success: true, message: 'Guide added successfully', user: { role: 'guide' } });
    expect(add.user.password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await call('POST', '/api/update_guide.php', { guideId: add.user.id, data: { name: 'Old Mate 2' } })).json().success).toBe(true);
    const me = (await call('GET', '/api/get_users.php')).json().guides.find((g: { email: string }) => g.email === GUIDE_EMAIL);
    const self = await call('POST', '/api/remove_guide.php', { guideId: me.id });
    expect(self.json()).toMatchObject({ success: false, message: 'You cannot remove your own account.' });
    expect((await call('POST', '/api/remove_guide.php', { guideId: add.user.id })).json()).toEqual({
      success: true,
      message: 'Guide removed successfully',
    });
  });

  it('serves the batch calls: GET get_batches, POST add, PUT update, DELETE remove', async () => {
    const list = await call('GET', '/api/get_batches.php');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().success).toBe(true);
    expect(list.json().batches[0]).toEqual({ id: 'batch_spring_2024', name: 'Spring 2024' });
    const add = (await call('POST', '/api/add_batch.php', { id: 'batch_custom_1', name: 'Custom' })).json();
    expect(add).toMatchObject({ success: true, batch: { id: 'batch_custom_1', name: 'Custom' } });
    expect((await call('PUT', '/api/update_batch.php', { id: 'batch_custom_1', name: 'Custom 2' })).json().batch.name).toBe('Custom 2');
    expect((await call('DELETE', '/api/remove_batch.php', { id: 'batch_custom_1' })).json()).toMatchObject({
      success: true,
      unassigned: 0,
    });
    expect((await call('POST', '/api/add_batch.php', { name: '' })).json()).toMatchObject({
      success: false,
      message: 'Batch name is required',
    });
  });
});
