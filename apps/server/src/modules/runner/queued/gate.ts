import type { RunLanguage } from '@learn/shared';
import type { InteractiveEvents, InteractiveRun } from '../run-types.js';
import type { QueuedRuns } from './client.js';

/**
 * An interactive run through a worker, once `gate` (draining, the student's rate limit) lets it through;
 * a refusal arrives as on.error. Input typed before the job exists is kept and sent after it, in order.
 */
export function gatedInteractive(
  gate: () => Promise<void>,
  queued: QueuedRuns,
  userId: string,
  req: { language: RunLanguage; code: string },
  on: InteractiveEvents,
): InteractiveRun {
  let run: InteractiveRun | null = null;
  let killed = false;
  const early: ((r: InteractiveRun) => void)[] = [];
  const done = gate().then(
    () => {
      const r = (run = queued.startInteractive(userId, req, on));
      early.forEach((f) => f(r));
      if (killed) r.kill();
      return r.done;
    },
    (err: Error) => on.error(err.message, false),
  );
  return {
    write: (d) => (run ? run.write(d) : (early.push((r) => r.write(d)), true)),
    eof: () => (run ? run.eof() : void early.push((r) => r.eof())),
    kill: () => {
      killed = true;
      run?.kill();
    },
    done,
  };
}
