import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunServerMessage } from '@learn/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { RunnerService } from './service.js';
import { DRAINING_MESSAGE, REPLACED_MESSAGE } from './run-types.js';

/**
 * Fair to every student: one running program per student, interactive programs in their own pool (a program
 * waiting in getchar() holds no compile slot), grading in a lane of its own, and typed-ahead input bounded.
 * One scratch slot, so that any slot held by the wrong run would show.
 */
const WAITS_FOR_INPUT =
  '#include <stdio.h>\nint main(void){ printf("ready\\n"); fflush(stdout); int c = getchar(); printf("got %d\\n", c); return 0; }';

describe('a fair runner', () => {
  let t: TestApp;
  let url: string;
  const cookies: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('sqlite', { RUNNER_CONCURRENCY: '1', RUNNER_GRADING_CONCURRENCY: '1', RUNNER_QUEUE_LENGTH: '4' });
    for (let i = 0; i < 4; i++) {
      const s = await t.createUser({ role: 'student' });
      cookies.push(await t.login(s.email, s.password));
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/run/ws`;
  });
  afterAll(() => t.close());

  async function open(cookie: string) {
    const ws = new WebSocket(url, { headers: { cookie } });
    const messages: RunServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as RunServerMessage));
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    const until = async (check: (m: RunServerMessage[]) => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!check(messages) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return messages;
    };
    return { ws, messages, until, send: (m: object) => ws.send(JSON.stringify(m)) };
  }
  const out = (ms: RunServerMessage[]) => ms.map((m) => (m.type === 'stdout' ? m.data : '')).join('');
  const post = (cookie: string, code: string, language = 'python') =>
    t.app.inject({ method: 'POST', url: '/api/run', payload: { language, code }, headers: { cookie } });

  it('two programs waiting for input hold no compile slot: another student runs at once', async () => {
    const a = await open(cookies[0]!);
    const b = await open(cookies[1]!);
    for (const c of [a, b]) c.send({ type: 'start', language: 'c', code: WAITS_FOR_INPUT });
    await a.until((m) => out(m).includes('ready'));
    await b.until((m) => out(m).includes('ready'));
    const res = await post(cookies[2]!, 'print(1)');
    expect(res.statusCode).toBe(200);
    expect(res.json().run.stdout).toBe('1\n');
    // Both are still waiting for their input, not stopped to make room.
    expect([...a.messages, ...b.messages].some((m) => m.type === 'exit')).toBe(false);
    a.ws.close();
    b.ws.close();
  });

  it('a second run by the same student replaces the first, which is told why', async () => {
    const a = await open(cookies[0]!);
    a.send({ type: 'start', language: 'c', code: WAITS_FOR_INPUT });
    await a.until((m) => out(m).includes('ready'));
    const res = await post(cookies[0]!, 'print("second")');
    expect(res.json().run.stdout).toBe('second\n');
    const all = await a.until((m) => m.some((x) => x.type === 'exit'));
    expect(all.at(-1)).toMatchObject({ type: 'exit', run: { limitMessage: REPLACED_MESSAGE } });
    a.ws.close();
  });

  it('grading has its own lane: homework tests are graded while the scratchpad slot is taken', async () => {
    const slow = post(cookies[1]!, 'import time\ntime.sleep(4)\nprint("slow done")');
    while (t.services.runner.lanes.scratch.running === 0) await new Promise((r) => setTimeout(r, 20));
    // What homework grading and exam tests do (modules/homework/grading.ts): a grading slot, then the sandbox.
    const free = await t.services.runner.gradingSlot();
    try {
      const graded = await t.services.runner.runner.runProgram({ language: 'python', code: 'print(2 * int(input()))', stdin: '4\n' });
      expect(graded.run!.stdout).toBe('8\n');
    } finally {
      free();
    }
    // Graded while the slow scratchpad run still held the only scratch slot.
    expect(t.services.runner.lanes.scratch.running).toBe(1);
    expect((await slow).json().run.stdout).toBe('slow done\n');
  });

  it('a student whose run hit a limit runs in the restricted lane: the others keep the scratch slot', async () => {
    const bomb = await post(cookies[3]!, '#include <unistd.h>\nint main(void){ for(;;) fork(); }', 'c');
    expect(bomb.json().run.limit).toBe('processes');
    const slow = post(cookies[3]!, 'import time\ntime.sleep(60)\nprint("never")');
    while (t.services.runner.lanes.restricted.running === 0) await new Promise((r) => setTimeout(r, 20));
    expect(t.services.runner.lanes.scratch.running).toBe(0);
    // The only scratch slot is free for everyone else while the restricted run goes on.
    const res = await post(cookies[2]!, 'print(1)');
    expect(res.json().run.stdout).toBe('1\n');
    expect(t.services.runner.lanes.restricted.running).toBe(1);
    // The bomber's next run replaces the sleeping one, and still goes in the restricted lane.
    const next = post(cookies[3]!, 'import time\ntime.sleep(60)');
    expect((await slow).json().run.limitMessage).toBe(REPLACED_MESSAGE);
    while (t.services.runner.lanes.restricted.running === 0) await new Promise((r) => setTimeout(r, 20));
    expect(t.services.runner.lanes.scratch.running).toBe(0);
    // A clean run (here: the next one, which replaces the sleeper) ends the restriction.
    const clean = await post(cookies[3]!, 'print(3)');
    expect(clean.json().run.stdout).toBe('3\n');
    expect((await next).json().run.limitMessage).toBe(REPLACED_MESSAGE);
    const after = post(cookies[3]!, 'import time\ntime.sleep(60)');
    const lanes = t.services.runner.lanes;
    while (lanes.scratch.running + lanes.restricted.running === 0) await new Promise((r) => setTimeout(r, 20));
    expect([lanes.scratch.running, lanes.restricted.running]).toEqual([1, 0]);
    await post(cookies[3]!, 'print(4)');
    expect((await after).json().run.limitMessage).toBe(REPLACED_MESSAGE);
    // A fork bomb stopped and six sandboxed runs one after the other: 12 s alone, over 30 s beside the rest of
    // the suite on two cores.
  }, 120_000);

  it('input typed ahead of a program that never reads is capped; the student is told, the socket stays up', async () => {
    const a = await open(cookies[2]!);
    a.send({ type: 'start', language: 'python', code: 'import time\nprint("ready", flush=True)\ntime.sleep(3)\nprint("done")' });
    await a.until((m) => out(m).includes('ready'));
    const chunk = 'x'.repeat(60 * 1024);
    for (let i = 0; i < 40; i++) a.send({ type: 'stdin', data: chunk });
    const all = await a.until((m) => m.some((x) => x.type === 'exit'));
    const notices = all.filter((m) => m.type === 'notice');
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(notices[0]).toMatchObject({ message: expect.stringMatching(/^Input not sent: the program has not read the 256 KiB/) });
    expect(out(all)).toBe('ready\ndone\n');
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    a.ws.close();
  });
});

describe('shutting down', () => {
  it('lets an interactive run under way finish before its socket closes with 1012, and refuses new runs meanwhile', async () => {
    const t = await createTestApp('sqlite');
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/run/ws`, { headers: { cookie } });
    const messages: RunServerMessage[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d)) as RunServerMessage));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(
      JSON.stringify({
        type: 'start',
        language: 'python',
        code: 'import time\nprint("working", flush=True)\ntime.sleep(2)\nprint("finished")',
      }),
    );
    while (!messages.some((m) => m.type === 'stdout')) await new Promise((r) => setTimeout(r, 20));
    const closing = t.close();
    while (!t.services.runner.isDraining) await new Promise((r) => setTimeout(r, 10));
    // While it drains, a new run is refused with a sentence, not started.
    await expect(t.services.runner.run('someone', { language: 'python', code: 'print(1)', stdin: '' })).rejects.toThrow(DRAINING_MESSAGE);
    expect(await closed).toBe(1012);
    await closing;
    const text = messages.map((m) => (m.type === 'stdout' ? m.data : '')).join('');
    expect(text).toBe('working\nfinished\n');
    expect(messages.at(-1)).toMatchObject({ type: 'exit', run: { exitCode: 0 } });
  });
});

describe('LOG_LEVEL=debug', () => {
  it('logs one line per run: lane, language, time, the limit hit, and what the run held', async () => {
    const t = await createTestApp('sqlite');
    try {
      const lines: { detail: Record<string, unknown>; message: string }[] = [];
      const service = new RunnerService(t.deps.config.runner, t.clock, undefined, {
        debug: (detail, message) => lines.push({ detail: detail as Record<string, unknown>, message }),
      });
      const res = await service.run('debug-user', { language: 'python', code: 'import sys\nprint(1)\nsys.exit(3)', stdin: '' });
      expect(res.available && res.run?.exitCode).toBe(3);
      expect(lines).toEqual([
        {
          message: 'run done (scratch, python)',
          detail: expect.objectContaining({ lane: 'scratch', language: 'python', limit: null, exitCode: 3, cpuMs: expect.any(Number) }),
        },
      ]);
    } finally {
      await t.close();
    }
  });
});
