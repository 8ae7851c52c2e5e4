/**
 * A chat load shared by `bench:chat` and `bench:scale`: every user holds a socket on /api/ws (spread over
 * the given instances); each student writes to the guides every `studentPeriodMs`, each guide answers its
 * own students in turn every `guidePeriodMs` (both under the 30 sends a minute limit). Measured for each
 * delivery: from the moment the sender's POST starts to the moment the event arrives on a receiving socket
 * (every socket of the audience except the author's own); also the POST's own round trip, as the baseline.
 */
import WebSocket from 'ws';
import type { LiveEvent } from '@learn/shared';
import type { BenchUser } from './bench-users.js';

export interface ChatLoadResult {
  sent: number;
  deliveries: number;
  lost: number;
  errors: number;
  delivery: { p50: number; p99: number };
  post: { p50: number; p99: number };
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** Opens one socket per user on `bases[i % bases.length]`; resolves when each has had its hello. */
export async function connectAll(bases: string[], users: BenchUser[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < users.length; i += 50) {
    // Fifty handshakes at a time: a class arriving, not a SYN flood.
    sockets.push(
      ...(await Promise.all(
        users.slice(i, i + 50).map(
          (u, k) =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(`${bases[(i + k) % bases.length]!.replace('http', 'ws')}/api/ws`, { headers: { cookie: u.cookie } });
              ws.once('message', () => resolve(ws));
              ws.once('error', reject);
              ws.once('close', (code) => reject(new Error(`socket closed at start: ${code}`)));
            }),
        ),
      )),
    );
  }
  return sockets;
}

export async function chatLoad(opts: {
  bases: string[];
  students: BenchUser[];
  guides: BenchUser[];
  seconds: number;
  studentPeriodMs?: number;
  guidePeriodMs?: number;
  /** Called once every socket is open, before any message (the chat bench reads the server's memory there). */
  onConnected?: () => Promise<void>;
}): Promise<ChatLoadResult> {
  const { bases, students, guides, seconds } = opts;
  const studentPeriod = opts.studentPeriodMs ?? 10_000;
  const guidePeriod = opts.guidePeriodMs ?? 2_500;
  const users = [...students, ...guides];
  const sockets = await connectAll(bases, users);
  await opts.onConnected?.();
  const started = new Map<string, { t0: number; expected: number }>();
  const deliveries: number[] = [];
  const posts: number[] = [];
  let received = 0;
  let expected = 0;
  let errors = 0;
  sockets.forEach((ws, i) => {
    const me = users[i]!.id;
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      if (event.type !== 'chat.message' || event.message.authorId === me) return;
      const sent = started.get(event.message.text);
      if (!sent) return;
      deliveries.push(performance.now() - sent.t0);
      received++;
    });
  });

  const send = async (author: BenchUser, studentId: string, base: string, audience: number) => {
    const text = `bench ${author.id} ${performance.now().toFixed(3)}`;
    const t0 = performance.now();
    started.set(text, { t0, expected: audience });
    expected += audience;
    try {
      const r = await fetch(`${base}/api/chat/conversations/${studentId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: author.cookie },
        body: JSON.stringify({ text }),
      });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(String(r.status));
      posts.push(performance.now() - t0);
    } catch {
      errors++;
      expected -= audience;
    }
  };

  const end = performance.now() + seconds * 1000;
  const loop = async (period: number, offset: number, step: () => Promise<void>) => {
    await new Promise((r) => setTimeout(r, offset));
    while (performance.now() < end) {
      const t0 = performance.now();
      await step();
      await new Promise((r) => setTimeout(r, Math.max(0, period - (performance.now() - t0))));
    }
  };
  await Promise.all([
    // A student's message reaches every guide's socket.
    ...students.map((s, i) =>
      loop(studentPeriod, (i * studentPeriod) / students.length, () => send(s, s.id, bases[i % bases.length]!, guides.length)),
    ),
    // A guide's message reaches its student and every other guide.
    ...guides.map((g, gi) => {
      const mine = students.filter((_, si) => si % guides.length === gi);
      let turn = 0;
      const base = bases[(students.length + gi) % bases.length]!;
      return loop(guidePeriod, (gi * guidePeriod) / guides.length, () => send(g, mine[turn++ % mine.length]!.id, base, guides.length));
    }),
  ]);
  await new Promise((r) => setTimeout(r, 2_000)); // stragglers
  for (const ws of sockets) ws.terminate();
  deliveries.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  return {
    sent: posts.length,
    deliveries: received,
    lost: expected - received,
    errors,
    delivery: { p50: quantile(deliveries, 0.5), p99: quantile(deliveries, 0.99) },
    post: { p50: quantile(posts, 0.5), p99: quantile(posts, 0.99) },
  };
}

export function formatChatLoad(r: ChatLoadResult): string {
  return (
    `${r.sent} messages, ${r.deliveries} deliveries (lost ${r.lost}, errors ${r.errors}): ` +
    `delivery p50 ${r.delivery.p50.toFixed(1)} ms, p99 ${r.delivery.p99.toFixed(1)} ms; ` +
    `POST alone p50 ${r.post.p50.toFixed(1)} ms, p99 ${r.post.p99.toFixed(1)} ms`
  );
}
