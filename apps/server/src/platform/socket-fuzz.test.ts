import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Both socket routes take at least 1,000 random and malformed frames each (null, numbers, arrays, huge, deep,
 * binary, bad UTF-8, oversized, every field of every message with the wrong type): every frame is answered
 * with an error frame or closes that socket with a close code; the server keeps serving (/api/health answers
 * between batches) and a well-formed run still works afterwards. An exception escaping a handler would fail
 * this file (Vitest reports uncaught errors); before the schemas, the text `null` ended the process.
 */
const FRAMES_PER_ROUTE = 1200;

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Frame = { data: string | Buffer; binary?: boolean };

function frames(seed: number, n: number): Frame[] {
  const r = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const junk = () =>
    pick<unknown>([null, 0, -1, 1e308, true, '', 'x'.repeat(Math.floor(r() * 500)), [], {}, [1, 2], { a: 1 }, 'start', NaN]);
  const wrongTyped = (): Frame => {
    const m: Record<string, unknown> = { type: pick(['start', 'stdin', 'eof', 'kill', 'ping', 'pong', 'START', '', 42, null]) };
    if (r() < 0.7) m.language = pick([junk(), 'c', 'rust', 'python', 7]);
    if (r() < 0.7) m.code = pick([junk(), '', '  ', 'print(1)', 'x'.repeat(100)]);
    if (r() < 0.7) m.data = pick([junk(), 'x', 5, { data: 'y' }]);
    if (r() < 0.2) m.extra = junk();
    return { data: JSON.stringify(m) };
  };
  const makers: (() => Frame)[] = [
    () => ({ data: 'null' }),
    () => ({ data: String(Math.floor(r() * 1e9) - 5e8) }),
    () => ({ data: JSON.stringify([junk(), junk()]) }),
    () => ({ data: JSON.stringify(junk()) }),
    () => ({ data: '{"type":' }),
    () => ({ data: '['.repeat(20_000) + ']'.repeat(20_000) }),
    () => ({ data: JSON.stringify({ type: 'stdin', data: 'y'.repeat(63 * 1024) }) }),
    () => ({ data: JSON.stringify({ type: 'stdin', data: 'y'.repeat(65 * 1024) }).slice(0, 64 * 1024 - 10) }),
    () => ({ data: Buffer.from(Array.from({ length: 1 + Math.floor(r() * 200) }, () => Math.floor(r() * 256))), binary: true }),
    () => ({ data: '{"__proto__":{"type":"kill"}}' }),
    () => ({ data: JSON.stringify({ type: 'start', language: 'python', code: 5 }) }),
    () => ({ data: JSON.stringify({ type: 'start', language: ['c'], code: 'int main(){}' }) }),
    wrongTyped,
    wrongTyped,
    wrongTyped,
  ];
  const out: Frame[] = [];
  for (let i = 0; i < n; i++) out.push(pick(makers)());
  // Frames a socket cannot survive, each once: text that is not UTF-8 (1007) and a frame over 64 KiB (1009).
  out.splice(Math.floor(n / 3), 0, { data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) });
  out.splice(Math.floor((2 * n) / 3), 0, { data: 'z'.repeat(70 * 1024) });
  return out;
}

describe('socket routes under malformed frames', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const s = await t.createUser({ role: 'student' });
    cookie = await t.login(s.email, s.password);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t.close());

  async function connect(path: string) {
    const ws = new WebSocket(`ws://${base}${path}`, { headers: { cookie }, skipUTF8Validation: true });
    const replies: { type?: string; message?: string }[] = [];
    ws.on('message', (d) => replies.push(JSON.parse(String(d)) as { type?: string }));
    await new Promise((resolve, reject) => (ws.on('open', resolve), ws.on('error', reject)));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    return { ws, replies, closed };
  }

  const health = async () => (await fetch(`http://${base}/api/health`)).status;

  it.each(['/api/run/ws', '/api/ws'])('%s: every frame is answered or closes its socket; the server keeps serving', async (path) => {
    let socket = await connect(path);
    let sent = 0;
    const closeCodes: number[] = [];
    for (const [i, f] of frames(path.length * 7919, FRAMES_PER_ROUTE).entries()) {
      if (socket.ws.readyState !== WebSocket.OPEN) {
        closeCodes.push(await socket.closed);
        socket = await connect(path);
      }
      // Sent raw (the 'ws' client would refuse to send text that is not UTF-8 itself).
      socket.ws.send(f.data, { binary: f.binary ?? false });
      sent++;
      if (i % 200 === 0) {
        expect(await health()).toBe(200);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(await health()).toBe(200);
    // The frames no socket survives closed theirs (with the protocol's codes, or at worst the connection
    // dropped), not the process.
    expect(closeCodes.length).toBeGreaterThanOrEqual(1);
    for (const code of closeCodes) expect([1006, 1007, 1009]).toContain(code);
    const deadline = Date.now() + 10_000;
    while (socket.replies.filter((m) => m.type === 'error').length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(socket.replies.some((m) => m.type === 'error' && typeof m.message === 'string')).toBe(true);
    socket.ws.close();
  });

  it('a well-formed run still works after the flood, and a ping is answered', async () => {
    const run = await connect('/api/run/ws');
    run.ws.send(JSON.stringify({ type: 'start', language: 'python', code: 'print(6 * 7)' }));
    const live = await connect('/api/ws');
    live.ws.send(JSON.stringify({ type: 'ping' }));
    const deadline = Date.now() + 15_000;
    while (!run.replies.some((m) => m.type === 'exit') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(
      run.replies
        .filter((m) => m.type === 'stdout')
        .map((m) => (m as { data?: string }).data)
        .join(''),
    ).toBe('42\n');
    expect(live.replies.some((m) => m.type === 'pong')).toBe(true);
    run.ws.close();
    live.ws.close();
  });
});
