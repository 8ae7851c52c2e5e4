import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';

describe.each(engines)('batches (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: guide } });
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('lists the six seeded batches with student counts', async () => {
    const res = await call('GET', '/api/batches');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().batches.map((b: { name: string }) => b.name)).toEqual([
      'Spring 2024',
      'Summer 2024',
      'Fall 2024',
      'Spring 2025',
      'Summer 2025',
      'Fall 2025',
    ]);
  });

  it('adds, renames and deletes a batch, leaving its students unassigned', async () => {
    expect((await call('POST', '/api/batches', { name: '  ' })).json().message).toBe('Batch name is required');
    const added = await call('POST', '/api/batches', { name: 'Winter 2026' });
    expect(added.statusCode).toBe(201);
    const id = added.json().batch.id;
    expect((await call('POST', '/api/batches', { name: 'Winter 2026' })).statusCode).toBe(409);
    const s = (await call('POST', '/api/students', { name: 'In Batch', email: 'inbatch@example.com', batchId: id })).json().user;
    expect((await call('PATCH', `/api/batches/${id}`, { name: 'Winter 2026 (A)' })).json().batch).toEqual({
      id,
      name: 'Winter 2026 (A)',
      studentCount: 1,
    });
    const del = await call('DELETE', `/api/batches/${id}`);
    expect(del.json()).toEqual({ unassigned: 1 });
    const students = (await call('GET', '/api/students')).json().students;
    expect(students.find((x: { id: string }) => x.id === s.id).batchId).toBeNull();
    expect((await call('DELETE', `/api/batches/${id}`)).statusCode).toBe(404);
  });
});
