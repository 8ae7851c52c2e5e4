import { describe, expect, it } from 'vitest';
import { LOW_PRIORITY_MS, RecentLimits } from './recent-limits.js';

describe('students whose last run hit a limit', () => {
  const at = (start = 1_000_000) => {
    let now = start;
    return { recent: new RecentLimits(() => now), advance: (ms: number) => (now += ms) };
  };

  it.each([
    ['processes', undefined, true],
    ['memory', undefined, true],
    ['cpu-time', 5000, true],
    ['output', undefined, true],
    ['file-size', undefined, true],
    ['wall-time', 4000, true],
    // Waiting for typed input until the wall clock ends it uses nothing: no penalty.
    ['wall-time', 20, false],
  ] as const)('a run stopped by %s (cpu %s ms) puts the next runs at low priority: %s', (limit, cpuMs, low) => {
    const { recent } = at();
    recent.ended('s1', limit, cpuMs);
    expect(recent.lowPriority('s1')).toBe(low);
    expect(recent.lowPriority('s2')).toBe(false);
  });

  it('lasts a minute, and a clean run ends it at once', () => {
    const { recent, advance } = at();
    recent.ended('s1', 'processes');
    advance(LOW_PRIORITY_MS - 1);
    expect(recent.lowPriority('s1')).toBe(true);
    advance(1);
    expect(recent.lowPriority('s1')).toBe(false);
    recent.ended('s1', 'memory');
    recent.ended('s1', null);
    expect(recent.lowPriority('s1')).toBe(false);
  });
});
