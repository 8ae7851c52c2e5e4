import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@learn/shared';

/**
 * Live events (access changes now; chat and exam clocks later). In one process an EventEmitter carries
 * them; with several server instances a Redis-backed implementation of the same interface fans them out.
 */
export interface PubSub {
  publish(event: LiveEvent): Promise<void>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
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
  async close() {
    this.emitter.removeAllListeners();
  }
}
