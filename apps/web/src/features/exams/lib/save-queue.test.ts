import { describe, expect, it } from 'vitest';
import type { ExamAnswers, ExamSaveResult } from '@learn/shared';
import { answerStore } from './offline-store';
import { SaveQueue, type SaveState } from './save-queue';
import { formatRemaining, isUrgent, remainingMs } from './clock';

function harness(fail: () => unknown = () => null) {
  const sent: { seq: number; answers: ExamAnswers }[] = [];
  const states: SaveState[] = [];
  const store = answerStore();
  const queue = new SaveQueue({
    key: 'u:e',
    store,
    debounceMs: 60_000,
    everyMs: 60_000,
    onState: (s) => states.push(s),
    send: async (seq, answers) => {
      const err = fail();
      if (err) throw err;
      sent.push({ seq, answers });
      return { seq, savedAt: 'now', serverNow: 'now', deadline: 'later', stale: false } satisfies ExamSaveResult;
    },
  });
  return { queue, sent, states, store };
}

describe('SaveQueue', () => {
  it('numbers every save above the last one the server kept', async () => {
    const { queue, sent } = harness();
    await queue.start({ q1: 1 }, 4);
    queue.change('q2', 'a');
    await queue.flush();
    queue.change('q2', 'ab');
    await queue.flush();
    expect(sent.map((s) => s.seq)).toEqual([5, 6]);
    expect(sent[1]!.answers).toEqual({ q1: 1, q2: 'ab' });
    queue.dispose();
  });

  it('keeps answers in the browser while offline, says how many wait, and sends them when back', async () => {
    let offline = true;
    const { queue, sent, states, store } = harness(() => (offline ? new TypeError('Failed to fetch') : null));
    await queue.start({}, 0);
    queue.change('q1', 'x');
    queue.change('q2', 2);
    await queue.flush();
    expect(states.at(-1)).toEqual({ kind: 'offline', waiting: 2 });
    expect((await store.get('u:e'))?.unsent.sort()).toEqual(['q1', 'q2']);
    offline = false;
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.answers).toEqual({ q1: 'x', q2: 2 });
    expect(states.at(-1)).toEqual({ kind: 'saved', at: 'now' });
    expect(await store.get('u:e')).toBeUndefined();
    queue.dispose();
  });

  it('picks up answers left waiting by an earlier page (a reload while offline)', async () => {
    const first = harness(() => new TypeError('Failed to fetch'));
    await first.queue.start({}, 3);
    first.queue.change('q1', 'typed offline');
    await first.queue.flush();
    first.queue.dispose();
    const sent: number[] = [];
    const second = new SaveQueue({
      key: 'u:e',
      store: first.store,
      onState: () => {},
      send: async (seq) => {
        sent.push(seq);
        return { seq, savedAt: 'now', serverNow: 'now', deadline: 'later', stale: false };
      },
    });
    const answers = await second.start({ q1: 'old' }, 3);
    expect(answers).toEqual({ q1: 'typed offline' });
    await second.flush();
    expect(sent[0]).toBeGreaterThan(4);
    second.dispose();
  });

  it('stops when the server refuses (time up, submitted)', async () => {
    const { queue, states } = harness(() => ({ code: 409, message: "Time's up: this answer arrived after the exam ended." }));
    await queue.start({}, 0);
    queue.change('q1', 'late');
    await queue.flush();
    expect(states.at(-1)).toEqual({ kind: 'closed', message: "Time's up: this answer arrived after the exam ended." });
    queue.change('q1', 'later');
    expect(queue.waiting).toBe(1);
  });
});

describe('exam clock', () => {
  it('counts to the server deadline corrected by the offset, shows hours when present, turns urgent under 5 minutes', () => {
    // The page's clock is 1 minute behind the server's.
    const now = Date.parse('2026-01-05T09:00:00Z');
    expect(remainingMs('2026-01-05T09:10:00Z', 60_000, now)).toBe(9 * 60_000);
    expect(formatRemaining(3_661_000)).toBe('1:01:01');
    expect(formatRemaining(299_000)).toBe('4:59');
    expect([isUrgent(299_000), isUrgent(300_000)]).toEqual([true, false]);
    expect(remainingMs('2026-01-05T08:00:00Z', 0, now)).toBe(0);
  });
});
