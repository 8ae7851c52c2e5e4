import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@learn/shared';

/**
 * Live events and the server-internal announcements that keep caches right. In one process an EventEmitter
 * carries them; with several server instances `RedisPubSub` (redis-pubsub.ts, `REDIS_URL`) fans them out.
 */
export interface PubSub {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** For /api/health and the diagnostics: which kind, whether it reaches the other instances now. */
  status(): PubSubStatus;
  close(): Promise<void>;
}

export interface PubSubStatus {
  kind: 'in-process' | 'redis';
  connected: boolean;
  /** Events that could not be sent to the other instances since start. */
  dropped: number;
}

export class InProcessPubSub implements PubSub {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  async publish(event: LiveEvent) {
    this.emitter.emit('event', event);
  }
  subscribe(listener: (event: LiveEvent) => void) {
    this.emitter.on('event', listener);
    return () => void this.emitter.off('event', listener);
  }
  status(): PubSubStatus {
    return { kind: 'in-process', connected: true, dropped: 0 };
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}
