import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { LiveEvent } from '@learn/shared';
import type { PubSub, PubSubStatus } from './pubsub.js';

export interface RedisPubSubLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Live events across instances through Redis pub/sub (`REDIS_URL`). An event is delivered to this
 * process's listeners at once (not after a round trip, and even while Redis is away) and published for the
 * others, which ignore their own messages coming back.
 *
 * Redis going away: publishing fails fast (no unbounded offline queue), the connections retry with a
 * growing delay (at most 2 s), the log says so once, `status()` reports it for /api/health. When both
 * connections are back, listeners get `pubsub.reconnected` so caches built on events they may have missed
 * (sessions, lecture state) start afresh.
 */
export class RedisPubSub implements PubSub {
  private readonly emitter = new EventEmitter();
  private readonly origin = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** `<prefix>:live`: deployments sharing a Redis have different prefixes, so they never hear each other. */
  readonly channel: string;
  private down = false;
  private closing = false;
  /** Events that could not be published (Redis away); reported in status(). */
  dropped = 0;

  constructor(
    url: string,
    private readonly log: RedisPubSubLog,
    prefix = 'learn',
  ) {
    this.channel = `${prefix}:live`;
    this.emitter.setMaxListeners(0);
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(100 * times, 2_000),
    };
    this.pub = new Redis(url, { ...options, connectionName: 'learn-pub' });
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true, connectionName: 'learn-sub' });
    for (const connection of [this.pub, this.sub]) {
      connection.on('error', (err: Error) => this.lost(err.message));
      connection.on('close', () => this.lost('connection closed'));
      connection.on('ready', () => this.ready());
    }
    // Queued until the connection is up; re-subscribed by ioredis after every reconnection.
    this.sub.subscribe(this.channel).catch((err: Error) => this.lost(err.message));
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      let parsed: { origin: string; event: LiveEvent };
      try {
        parsed = JSON.parse(message) as { origin: string; event: LiveEvent };
      } catch {
        return;
      }
      if (parsed.origin !== this.origin) this.emitter.emit('event', parsed.event);
    });
  }

  /**
   * Resolves once both connections are up and subscribed; rejects after `timeoutMs` (the connections go on
   * retrying in the background, so the caller may carry on).
   */
  async connect(timeoutMs = 5_000): Promise<void> {
    const started = Date.now();
    while (!(this.pub.status === 'ready' && this.sub.status === 'ready')) {
      if (Date.now() - started > timeoutMs) throw new Error(`no connection within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await this.sub.subscribe(this.channel);
  }

  async publish(event: LiveEvent): Promise<void> {
    this.emitter.emit('event', event);
    try {
      await this.pub.publish(this.channel, JSON.stringify({ origin: this.origin, event }));
    } catch (err) {
      this.dropped++;
      this.lost((err as Error).message);
    }
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }

  status(): PubSubStatus {
    const connected = this.pub.status === 'ready' && this.sub.status === 'ready';
    return { kind: 'redis', connected, dropped: this.dropped };
  }

  async close(): Promise<void> {
    this.closing = true;
    this.emitter.removeAllListeners();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }

  private lost(reason: string) {
    if (this.closing || this.down) return;
    this.down = true;
    this.log.warn(`Redis pub/sub unavailable (${reason}): live events reach this instance only, retrying`);
  }

  private ready() {
    if (!this.down || this.pub.status !== 'ready' || this.sub.status !== 'ready') return;
    this.down = false;
    this.log.info('Redis pub/sub reconnected: live events reach every instance again');
    this.emitter.emit('event', { type: 'pubsub.reconnected' } satisfies LiveEvent);
  }
}
