import { describe, expect, it } from 'vitest';
import { IntervalScheduler } from './scheduler.js';

describe('IntervalScheduler', () => {
  it('refuses two jobs with one name', () => {
    const s = new IntervalScheduler(() => {});
    s.register({ name: 'purge', everyMs: 1000, run: async () => {} });
    expect(() => s.register({ name: 'purge', everyMs: 1000, run: async () => {} })).toThrow('already registered');
  });

  it('logs a failing run with the job name and keeps going', async () => {
    const logged: [unknown, string][] = [];
    const s = new IntervalScheduler((err, job) => logged.push([err, job]));
    let calls = 0;
    const job = {
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
      },
    };
    s.register(job);
    await s.runOnce(job);
    await s.runOnce(job);
    expect(calls).toBe(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]![1]).toBe('flaky');
    expect((logged[0]![0] as Error).message).toBe('boom');
  });

  it('does not start a run while the previous one is under way, and stop waits for it', async () => {
    const s = new IntervalScheduler(() => {});
    let release!: () => void;
    let calls = 0;
    const job = {
      name: 'slow',
      everyMs: 1000,
      run: () => {
        calls++;
        return new Promise<void>((r) => (release = r));
      },
    };
    s.register(job);
    s.start();
    const first = s.runOnce(job);
    const second = s.runOnce(job);
    expect(calls).toBe(1);
    let stopped = false;
    const stopping = s.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await Promise.all([first, second, stopping]);
    expect(stopped).toBe(true);
  });
});
