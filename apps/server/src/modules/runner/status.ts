import type { Runner } from '@learn/runner';
import type { RunQueue } from './queue.js';
import type { QueuedRuns } from './queued/client.js';
import { NO_WORKER_REASON, sandboxOf } from './queued/figures.js';
import type { Lane, RunnerHealth, SandboxStatus } from './run-types.js';

const QUEUE_UNREACHABLE = { available: false, reason: 'the run queue (Redis) does not answer' };

/**
 * Whether code can run, and why not: with the run queue (REDIS_URL), what the live runner workers say of
 * their own sandboxes (none alive: "no runner worker is running", to retry later); without it, this
 * machine's sandbox. The API machine's own bubblewrap says nothing about the workers'.
 */
export async function sandboxStatus(runner: Runner, queued: QueuedRuns | null): Promise<SandboxStatus> {
  if (queued)
    return queued.sandbox().then(
      (s) => ({ ...s, retryLater: !s.available && s.reason === NO_WORKER_REASON }),
      () => ({ ...QUEUE_UNREACHABLE, retryLater: true }),
    );
  const s = await runner.status();
  return { available: s.available, reason: s.available ? null : s.reason };
}

/** The runner's part of /api/health: availability and isolation (the workers' with the queue), lanes, queue. */
export async function runnerHealth(runner: Runner, lanes: Record<Lane, RunQueue>, queued: QueuedRuns | null): Promise<RunnerHealth> {
  const local = await runner.status();
  const queue = queued ? await queued.stats() : null;
  const sandbox = !queue ? local : queue.connected ? sandboxOf(queue.workers) : QUEUE_UNREACHABLE;
  const isolation = queue?.workers.find((w) => w.available && w.isolation)?.isolation ?? local.isolation;
  const lane = (q: RunQueue) => ({ concurrency: q.concurrency, running: q.running, queued: q.queued });
  const { scratch, interactive, grading, restricted } = lanes;
  return {
    ...local,
    available: sandbox.available,
    reason: sandbox.available ? null : sandbox.reason,
    isolation,
    concurrency: scratch.concurrency,
    running: scratch.running + interactive.running + grading.running + restricted.running,
    queued: scratch.queued + interactive.queued + grading.queued + restricted.queued,
    lanes: { scratch: lane(scratch), interactive: lane(interactive), grading: lane(grading), restricted: lane(restricted) },
    queue,
  };
}
