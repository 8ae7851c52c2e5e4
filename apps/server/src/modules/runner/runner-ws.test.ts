import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunServerMessage } from '@learn/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { hostProcessesWith } from '../../../../../packages/runner/src/testing.js';

/** /api/run/ws: a program asks for input while it runs and the learner answers line by line. */
describe('interactive runs over /api/run/ws', () => {
  let t: TestApp;
  let cookie: string;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const s = await t.createUser({ role: 'student' });
    cookie = await t.login(s.email, s.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/run/ws`;
  });
  afterAll(() => t.close());

  async function open(headers: Record<string, string> = { cookie }) {
    const ws = new WebSocket(url, { headers });
    const messages: RunServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as RunServerMessage));
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    const until = async (check: (m: RunServerMessage[]) => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!check(messages) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return messages;
    };
    const send = (m: object) => ws.send(JSON.stringify(m));
    return { ws, messages, until, send };
  }
  const text = (ms: RunServerMessage[]) => ms.map((m) => (m.type === 'stdout' ? m.data : '')).join('');

  it('answers a scanf prompt sent as a line, and reports the exit', async () => {
    const c = await open();
    c.send({
      type: 'start',
      language: 'c',
      code: '#include <stdio.h>\nint main(void){ int a; printf("Number? "); if (scanf("%d", &a) != 1) return 1; printf("Twice: %d\\n", 2 * a); return 0; }',
    });
    await c.until((m) => text(m).includes('Number? '));
    expect(c.messages.map((m) => m.type).slice(0, 2)).toEqual(['compiled', 'started']);
    c.send({ type: 'stdin', data: '21\n' });
    const all = await c.until((m) => m.some((x) => x.type === 'exit'));
    expect(text(all)).toBe('Number? Twice: 42\n');
    expect(all.at(-1)).toMatchObject({ type: 'exit', run: { exitCode: 0, limit: null } });
    c.ws.close();
  });

  it('runs Python with input(), ends input on eof, and refuses a second start while one runs', async () => {
    const c = await open();
    c.send({
      type: 'start',
      language: 'python',
      code: 'name = input("Name? ")\nprint("Hi", name)\ntry:\n    input()\nexcept EOFError:\n    print("end of input")\n',
    });
    c.send({ type: 'start', language: 'python', code: 'print(2)' });
    await c.until((m) => text(m).includes('Name? '));
    expect(c.messages.find((m) => m.type === 'error')).toMatchObject({ message: 'A program is already running here. Stop it first.' });
    c.send({ type: 'stdin', data: 'Ada\n' });
    c.send({ type: 'eof' });
    const all = await c.until((m) => m.some((x) => x.type === 'exit'));
    expect(text(all)).toBe('Name? Hi Ada\nend of input\n');
    c.ws.close();
  });

  it('kill stops a running program, and closing the socket ends its run', async () => {
    const c = await open();
    c.send({ type: 'start', language: 'python', code: 'import time\nprint("looping", flush=True)\nwhile True:\n    time.sleep(0.01)\n' });
    await c.until((m) => text(m).includes('looping'));
    c.send({ type: 'kill' });
    const all = await c.until((m) => m.some((x) => x.type === 'exit'));
    expect(all.at(-1)).toMatchObject({ type: 'exit', run: { signal: 'SIGKILL' } });

    c.send({
      type: 'start',
      language: 'python',
      code: 'import os\nprint("left", flush=True)\nos.execv("/usr/bin/sleep", ["sleep", "4343"])\n',
    });
    await c.until((m) => text(m).includes('left'));
    // Awaited, not timed (a busy machine is slow, not wrong): the program appears, and goes with its socket.
    while (!hostProcessesWith('sleep 4343').length) await new Promise((r) => setTimeout(r, 20));
    expect(hostProcessesWith('sleep 4343').length).toBe(1);
    c.ws.close();
    while (hostProcessesWith('sleep 4343').length) await new Promise((r) => setTimeout(r, 20));
    expect(hostProcessesWith('sleep 4343')).toEqual([]);
  });

  it('refuses an anonymous socket and a foreign origin', async () => {
    const anonymous = new WebSocket(url);
    const refused = await new Promise<number>((resolve) => {
      anonymous.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      anonymous.on('close', (code) => resolve(code));
    });
    expect([401, 4401]).toContain(refused);
    const foreign = new WebSocket(url, { headers: { cookie, origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => {
      foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });
});
