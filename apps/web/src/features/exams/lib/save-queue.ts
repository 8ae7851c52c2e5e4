import { EXAM_AUTOSAVE_SECONDS, type ExamAnswers, type ExamSaveResult } from '@learn/shared';
import type { AnswerStore } from './offline-store';

export type SaveState =
  { kind: 'saved'; at: string | null } | { kind: 'saving' } | { kind: 'offline'; waiting: number } | { kind: 'closed'; message: string };

export interface SaveQueueOptions {
  key: string;
  store: AnswerStore;
  /** Sends one save; rejects with `{ status }` for an HTTP refusal, anything else for a network failure. */
  send: (seq: number, answers: ExamAnswers) => Promise<ExamSaveResult>;
  onState: (state: SaveState) => void;
  debounceMs?: number;
  everyMs?: number;
}

const isRefusal = (err: unknown): err is { code: number; message: string } =>
  typeof err === 'object' &&
  err !== null &&
  typeof (err as { code?: unknown }).code === 'number' &&
  (err as { code: number }).code >= 400 &&
  (err as { code: number }).code < 500;

/**
 * Autosave of an exam's answers. Every change is kept in IndexedDB at once and sent after a short pause,
 * and at least every 10 s while something is unsent; each save carries the next sequence number, so the
 * server keeps the newest whatever order saves arrive in. With the network away the answers wait in
 * IndexedDB ("offline, N answers waiting") and go as soon as the browser is back online.
 */
export class SaveQueue {
  private answers: ExamAnswers = {};
  private seq = 0;
  private unsent = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | null = null;
  private closed = false;
  private offline = false;

  constructor(private readonly opts: SaveQueueOptions) {}

  /** Starts from the server's answers and seq, merged with anything still waiting in the browser. */
  async start(serverAnswers: ExamAnswers, serverSeq: number): Promise<ExamAnswers> {
    this.answers = { ...serverAnswers };
    this.seq = serverSeq;
    const pending = await this.opts.store.get(this.opts.key).catch(() => undefined);
    if (pending && pending.seq > serverSeq) {
      this.answers = { ...this.answers, ...Object.fromEntries(pending.unsent.map((k) => [k, pending.answers[k] ?? null])) };
      this.seq = pending.seq;
      pending.unsent.forEach((k) => this.unsent.add(k));
    }
    this.interval = setInterval(() => void this.flush(), this.opts.everyMs ?? EXAM_AUTOSAVE_SECONDS * 1000);
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
    if (this.unsent.size) void this.flush();
    else this.opts.onState({ kind: 'saved', at: null });
    return this.answers;
  }

  private readonly onOnline = () => void this.flush();

  get waiting(): number {
    return this.unsent.size;
  }

  current(): { seq: number; answers: ExamAnswers } {
    return { seq: this.seq, answers: { ...this.answers } };
  }

  change(questionId: string, value: string | number | null): void {
    if (this.closed) return;
    this.answers[questionId] = value;
    this.unsent.add(questionId);
    void this.persist();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs ?? 800);
    if (this.offline) this.opts.onState({ kind: 'offline', waiting: this.unsent.size });
  }

  private persist() {
    return this.opts.store
      .put(this.opts.key, { seq: this.seq, answers: { ...this.answers }, unsent: [...this.unsent] })
      .catch(() => undefined);
  }

  /** Sends what is unsent now (one save at a time); resolves when it is acknowledged or has failed. */
  async flush(): Promise<void> {
    if (this.closed) return;
    if (this.inFlight) {
      await this.inFlight;
      if (!this.unsent.size) return;
    }
    if (!this.unsent.size) return;
    this.inFlight = this.sendOnce().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async sendOnce() {
    const sent = new Set(this.unsent);
    const seq = ++this.seq;
    await this.persist();
    this.opts.onState({ kind: 'saving' });
    try {
      const result = await this.opts.send(seq, { ...this.answers });
      this.offline = false;
      // What changed while this save was in flight stays unsent.
      for (const k of sent) if (this.answers[k] !== undefined) this.unsent.delete(k);
      if (result.seq > this.seq) this.seq = result.seq;
      if (this.unsent.size) void this.persist();
      else await this.opts.store.remove(this.opts.key).catch(() => undefined);
      this.opts.onState(this.unsent.size ? { kind: 'saving' } : { kind: 'saved', at: result.savedAt });
    } catch (err) {
      if (isRefusal(err)) {
        this.close(err.message);
        return;
      }
      this.offline = true;
      this.opts.onState({ kind: 'offline', waiting: this.unsent.size });
    }
  }

  /** No more saves (submitted, time up, refused); the waiting answers are dropped from the browser. */
  close(message: string): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.interval);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    void this.opts.store.remove(this.opts.key).catch(() => undefined);
    this.opts.onState({ kind: 'closed', message });
  }

  /** Stops the timers without dropping what waits (Save & Exit with the network away keeps it for next time). */
  dispose(): void {
    clearTimeout(this.timer);
    clearInterval(this.interval);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }
}
