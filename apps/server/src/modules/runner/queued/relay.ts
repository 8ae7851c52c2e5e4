import type { Redis } from 'ioredis';
import type { InteractiveEvents } from '../run-types.js';
import { readStream, type OutEvent } from './jobs.js';

export const STOPPED_MESSAGE = 'Stopped.';
export const BUSY_MESSAGE = 'The code runner is busy right now. Try again in a few seconds.';

/**
 * An interactive run's output, from its worker's stream to the student's socket, in order, until the run
 * ends. Limits: `startMs` for a worker to start the program (else the job is dropped and the student hears
 * the runner is busy), then `runMs` for the program (a worker gone silent: the student hears it stopped).
 * `reader` must be a connection of its own (XREAD BLOCK holds it).
 */
export async function relayOutput(
  reader: Redis,
  key: string,
  on: InteractiveEvents,
  o: { killed: () => boolean; startMs: number; runMs: number; drop: () => Promise<unknown> },
) {
  let from = '0';
  let started = false;
  const limitAt = () => Date.now() + (started ? o.runMs : o.startMs);
  let until = limitAt();
  for (;;) {
    if (Date.now() > until) {
      await o.drop().catch(() => {});
      if (!o.killed()) on.error(started ? STOPPED_MESSAGE : BUSY_MESSAGE, false);
      return;
    }
    const { events, next } = await readStream<OutEvent>(reader, key, from, 1000);
    from = next;
    for (const e of events) {
      if (e.t === 'end') return;
      if (e.t === 'compiled') on.compiled(e.compile);
      else if (e.t === 'started') {
        started = true;
        until = limitAt();
        on.started();
      } else if (e.t === 'stdout') on.stdout(e.d);
      else if (e.t === 'stderr') on.stderr(e.d);
      else if (e.t === 'notice') on.notice?.(e.message);
      else if (e.t === 'exit') on.exit(e.run);
      else on.error(e.message, e.unavailable);
    }
  }
}
