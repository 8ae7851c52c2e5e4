import type { RunLimit } from '@learn/shared';

/** How long a student's runs start at the small CPU share after one of theirs hit a limit. */
export const LOW_PRIORITY_MS = 60_000;

/**
 * The limits that say a program used the machine hard: CPU, memory, processes, output. The wall clock alone
 * does not count (an interactive program waiting for typed input meets it without using anything).
 */
const HEAVY: ReadonlySet<RunLimit> = new Set(['cpu-time', 'memory', 'processes', 'output', 'file-size']);

/**
 * Students whose last run hit a limit: their next runs (compile and program) start at the small CPU share
 * for a minute, so that a fork bomb, a memory hog or an endless loop run again and again costs the other
 * students almost nothing. On an idle machine a small share changes nothing; a clean run ends it early.
 */
export class RecentLimits {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** Records how a student's run ended. */
  ended(userId: string, limit: RunLimit | null | undefined, cpuMs?: number): void {
    const heavy = !!limit && (HEAVY.has(limit) || (limit === 'wall-time' && (cpuMs ?? 0) > 1000));
    if (heavy) this.until.set(userId, this.now() + LOW_PRIORITY_MS);
    else if (limit == null) this.until.delete(userId);
    if (this.until.size > 10_000) this.prune();
  }

  lowPriority(userId: string): boolean {
    const until = this.until.get(userId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(userId);
    return false;
  }

  private prune() {
    const now = this.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }
}
