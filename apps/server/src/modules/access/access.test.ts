import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { grant } from '../../../test/factories.js';

describe.each(engines)('course access and live updates (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  });
  afterAll(() => t.close());

  it('returns the access matrix of a course', async () => {
    const a = await t.createUser({ role: 'student', name: 'Alice', batchId: 'batch_fall_2025' });
    const b = await t.createUser({ role: 'student', name: 'Bob' });
    await grant(t, guide, a.id, ['python-day-1', 'python-day-2'], ['code']);
    await grant(t, guide, b.id, ['python-day-1'], ['explanation', 'assignment']);
    await grant(t, guide, a.id, ['c-cpp-day-1'], ['code']);
    const res = await t.app.inject({ url: '/api/access?courseId=course_python_01', headers: { cookie: guide } });
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m.lectures).toHaveLength(50);
    expect(m.students.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Alice', 'Bob']));
    expect(m.students.find((s: { id: string }) => s.id === a.id).batchId).toBe('batch_fall_2025');
    expect(m.grants.code[a.id]).toEqual(['python-day-1', 'python-day-2']);
    expect(m.grants.explanation[b.id]).toEqual(['python-day-1']);
    expect(m.grants.assignment[b.id]).toEqual(['python-day-1']);
    expect(m.grants.code[b.id]).toBeUndefined();
    expect((await t.app.inject({ url: '/api/access?courseId=nope', headers: { cookie: guide } })).statusCode).toBe(404);
  });

  it("pushes an access change to the student's open socket, and only theirs", async () => {
    const s = await t.createUser({ role: 'student' });
    const other = await t.createUser({ role: 'student' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const open = async (cookie: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie } });
      const messages: { type: string; studentId?: string }[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
      return { ws, messages };
    };
    const mine = await open(await t.login(s.email, s.password));
    const theirs = await open(await t.login(other.email, other.password));
    await grant(t, guide, s.id, ['python-day-5'], ['code']);
    const deadline = Date.now() + 3000;
    while (!mine.messages.some((m) => m.type === 'access.changed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(mine.messages.map((m) => m.type)).toEqual(['hello', 'access.changed']);
    expect(theirs.messages.map((m) => m.type)).toEqual(['hello']);

    const anonymous = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    const refused = await new Promise<number>((resolve) => {
      anonymous.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      anonymous.on('close', (code) => resolve(code));
    });
    expect([401, 4401]).toContain(refused);

    const foreign = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { cookie: await t.login(s.email, s.password), origin: 'https://evil.example' },
    });
    const foreignStatus = await new Promise<number>((resolve) => {
      foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.on('open', () => resolve(101));
    });
    expect(foreignStatus).toBe(403);
    mine.ws.close();
    theirs.ws.close();
  });
});
