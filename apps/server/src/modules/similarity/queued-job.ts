import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import { comparePrograms, type Comparison, type EngineInput, type EngineLanguage } from './engine.js';

/**
 * With REDIS_URL a comparison is a job on the workers (issue 30 with the workers issue): the API instance
 * that holds the run's claim (worker.ts) puts the programs' code and the given code in a BullMQ job on a
 * queue of its own beside the runner's (`similarity`, under the same prefix), a runner worker
 * (`npm run worker`) runs Dolos and answers the pairs; the API stores them. The worker has no database, so
 * the job carries everything it needs and the claim, progress and results stay with the API as before.
 * A queue of its own: a comparison holds a core for seconds, and must not take a slot of students' runs.
 */
export const SIMILARITY_QUEUE = 'similarity';

export interface ComparisonJob {
  language: EngineLanguage;
  inputs: EngineInput[];
  given: string[];
  floor: number;
}

export type Compare = (
  language: EngineLanguage,
  inputs: EngineInput[],
  given: string[],
  floor: number,
  progress: (done: number, total: number) => void | Promise<void>,
) => Promise<Comparison>;

/** How long the API waits without a word from a worker (queued or computing) before it gives the run up. */
export const COMPARISON_SILENCE_MS = 60_000;

/** The API side: `compare` has the signature of comparePrograms, and does it on a worker. */
export class QueuedComparisons {
  private readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(
    redisUrl: string,
    prefix: string,
    private readonly silenceMs = COMPARISON_SILENCE_MS,
  ) {
    const connection = () => ({ url: redisUrl, maxRetriesPerRequest: null });
    this.queue = new Queue(SIMILARITY_QUEUE, { connection: connection(), prefix });
    this.events = new QueueEvents(SIMILARITY_QUEUE, { connection: connection(), prefix });
    this.queue.on('error', () => {});
    this.events.on('error', () => {});
  }

  readonly compare: Compare = async (language, inputs, given, floor, progress) => {
    await this.events.waitUntilReady();
    const job = await this.queue.add('compare', { language, inputs, given, floor } satisfies ComparisonJob, {
      removeOnComplete: true,
      removeOnFail: true,
      attempts: 2,
    });
    const id = job.id!;
    return new Promise<Comparison>((resolve, reject) => {
      let silence: NodeJS.Timeout;
      const done = (err: unknown, result?: Comparison) => {
        clearTimeout(silence);
        this.events.off('progress', onProgress);
        this.events.off('completed', onCompleted);
        this.events.off('failed', onFailed);
        // A comparison no longer wanted (the API stops, or gives up) is taken off the queue if still waiting.
        if (err) void job.remove().catch(() => {});
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(result!);
      };
      const listen = () => {
        clearTimeout(silence);
        silence = setTimeout(() => done(new Error('No worker took or answered the comparison.')), this.silenceMs);
      };
      const onProgress = ({ jobId, data }: { jobId: string; data: unknown }) => {
        if (jobId !== id) return;
        listen();
        const { done: d, total } = data as { done: number; total: number };
        // The API's progress step may throw (its server is stopping): the comparison is then abandoned here.
        Promise.resolve(progress(d, total)).catch((err: unknown) => done(err));
      };
      const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
        if (jobId !== id) return;
        done(null, (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as Comparison);
      };
      const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
        if (jobId === id) done(new Error(`The comparison failed on the worker: ${failedReason}`));
      };
      this.events.on('progress', onProgress);
      this.events.on('completed', onCompleted);
      this.events.on('failed', onFailed);
      listen();
      // It may have finished before the listeners were in place.
      void Job.fromId(this.queue, id).then((j) => {
        if (j?.finishedOn && j.returnvalue) done(null, j.returnvalue as Comparison);
      });
    });
  };

  async close() {
    await Promise.all([this.queue.close(), this.events.close()]);
  }
}

/** The worker side (src/worker.ts): one comparison at a time, Dolos in this process. */
export function comparisonWorker(redisUrl: string, prefix: string, log: (m: string) => void): Worker<ComparisonJob, Comparison> {
  const worker = new Worker<ComparisonJob, Comparison>(
    SIMILARITY_QUEUE,
    async (job: Job<ComparisonJob, Comparison>) => {
      let last = 0;
      const { language, inputs, given, floor } = job.data;
      return comparePrograms(language, inputs, given, floor, async (done, total) => {
        // About four progress messages a second at most: enough for the page, light on Redis.
        if (done < total && Date.now() - last < 250) return;
        last = Date.now();
        await job.updateProgress({ done, total });
      });
    },
    { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency: 1, lockDuration: 30_000 },
  );
  worker.on('error', (err) => log(`similarity queue: ${err.message}`));
  return worker;
}
