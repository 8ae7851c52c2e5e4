/** Runs per user per minute, over a sliding window; the server's clock decides. */
export class RateLimit {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly perMinute: number) {}

  /** Records a run, or returns the seconds to wait when the user is over the limit. */
  take(userId: string, now: Date): number | null {
    const t = now.getTime();
    const recent = (this.seen.get(userId) ?? []).filter((at) => at > t - 60_000);
    if (recent.length >= this.perMinute) {
      this.seen.set(userId, recent);
      return Math.max(1, Math.ceil((recent[0]! + 60_000 - t) / 1000));
    }
    recent.push(t);
    this.seen.set(userId, recent);
    if (this.seen.size > 10_000) this.prune(t);
    return null;
  }

  private prune(t: number) {
    for (const [id, times] of this.seen) if (!times.some((at) => at > t - 60_000)) this.seen.delete(id);
  }
}
