import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake AI provider speaking the real streaming protocols: Gemini's `:streamGenerateContent?alt=sse`
 * and OpenAI's `/v1/chat/completions` with `stream: true`. It counts calls and sees closed connections.
 */
export interface FakeProvider {
  url: string;
  calls: number;
  closedEarly: number;
  /** What the next answers do: pieces sent with a pause, an HTTP error, or hang without answering. */
  mode: 'ok' | 'error' | 'hang';
  pieces: string[];
  /** Pause between pieces. */
  delayMs: number;
  /** While true, answers wait before their first piece until `release()` (a "Thinking..." that lasts). */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const held: (() => void)[] = [];
  const fake: FakeProvider = {
    url: '',
    calls: 0,
    closedEarly: 0,
    mode: 'ok',
    pieces: ['Line 1 ', 'prints ', 'hello.'],
    delayMs: 5,
    hold: false,
    release: () => {
      fake.hold = false;
      for (const go of held.splice(0)) go();
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    fake.calls++;
    let finished = false;
    res.on('close', () => {
      if (!finished) fake.closedEarly++;
    });
    req.resume();
    if (fake.mode === 'error') {
      finished = true;
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { code: 500, message: 'upstream broke', status: 'INTERNAL' } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (fake.mode === 'hang') return res.write(': waiting\n\n');
    const gemini = (req.url ?? '').includes(':streamGenerateContent');
    const pieces = [...fake.pieces];
    const next = () => {
      const piece = pieces.shift();
      if (piece === undefined) {
        finished = true;
        if (!gemini) res.write('data: [DONE]\n\n');
        return res.end();
      }
      const chunk = gemini
        ? { candidates: [{ content: { parts: [{ text: piece }], role: 'model' }, index: 0 }] }
        : {
            id: 'c1',
            object: 'chat.completion.chunk',
            created: 0,
            model: 'm',
            choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
          };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      setTimeout(next, fake.delayMs);
    };
    if (fake.hold) held.push(next);
    else next();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}
