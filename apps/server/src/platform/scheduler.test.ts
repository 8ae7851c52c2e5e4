import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.js';
import { DatabaseLease } from './lease.js';
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

/** Issue 18: periodic jobs run once across instances, through a lease in the shared database. */
describe.each(engines)('jobs across instances (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('runs a job on one of two instances per period, and on each with across: everywhere', async () => {
    const a = new IntervalScheduler(() => {}, new DatabaseLease(t.deps.db, t.clock));
    const b = new IntervalScheduler(() => {}, new DatabaseLease(t.deps.db, t.clock));
    const runs: string[] = [];
    const job = (who: string, across?: 'everywhere') => ({
      name: `purge-${across ?? 'once'}`,
      everyMs: 60_000,
      across,
      run: async () => void runs.push(who),
    });
    expect([await a.tick(job('a')), await b.tick(job('b'))]).toEqual([true, false]);
    expect([await a.tick(job('a')), await b.tick(job('b'))]).toEqual([true, false]); // a holds it: extended, b skips
    t.clock.advance(60_000);
    expect(await b.tick(job('b'))).toBe(true); // expired: the next instance to tick takes it
    expect(await a.tick(job('a'))).toBe(false);
    expect(runs).toEqual(['a', 'a', 'b']);
    runs.length = 0;
    await a.tick(job('a', 'everywhere'));
    await b.tick(job('b', 'everywhere'));
    expect(runs).toEqual(['a', 'b']);
  });

  it('takes a lease atomically: of ten instances asking at once, one gets it', async () => {
    const leases = Array.from({ length: 10 }, () => new DatabaseLease(t.deps.db, t.clock));
    const got = await Promise.all(leases.map((l) => l.acquire('race', 30_000)));
    expect(got.filter(Boolean)).toHaveLength(1);
  });
});
