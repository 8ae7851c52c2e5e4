import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { CompiledProgram, RunHandle } from '@learn/runner';
import type { RunResponse, RunResult } from '@learn/shared';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { RunnerConfig } from '../../../config.js';
import { systemClock } from '../../../platform/clock.js';
import { RunnerService } from '../service.js';
import { INPUT_REFUSED_MESSAGE, stopped } from '../run-types.js';
import { RecentLimits } from '../recent-limits.js';
import { BUSY_MESSAGE } from './relay.js';
import type { Heartbeat } from './figures.js';
import { append, INTERACTIVE_QUEUE, keys, readStream, RUNS_QUEUE } from './jobs.js';
import type { Grade, InEvent, JobResult, OutEvent, RunJob } from './jobs.js';

export interface WorkerHostOptions {
  redisUrl: string;
  prefix: string;
  runner: RunnerConfig;
  /** Grades a homework or exam answer on this worker (homework's runTaskTests). */
  grade: Grade;
  /** How long a job's lock lasts without renewal: a worker killed mid-job has it retried after this. */
  lockMs?: number;
  log?: (message: string) => void;
}

const RETRIED_MESSAGE = 'The runner doing your program stopped. Run your program again.';

/**
 * A runner worker (`npm run worker`): takes runs, grading and interactive runs off the Redis queue and does
 * them in its own sandbox. A job whose worker dies is retried by another once its lock runs out; SIGTERM
 * drains (finishes what it holds, takes nothing new).
 */
export class RunWorkerHost {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly local: RunnerService;
  /** Students whose last run here hit a limit: their next runs here start at the small CPU share. */
  private readonly limited = new RecentLimits(() => Date.now());
  private readonly redis: Redis;
  private readonly k: ReturnType<typeof keys>;
  private workers: Worker[] = [];
  private runs = 0;
  private readonly recent: number[] = [];
  private beat: NodeJS.Timeout | undefined;

  constructor(private readonly opts: WorkerHostOptions) {
    const { queue: _queue, ...runner } = opts.runner; // this process does the runs itself
    this.local = new RunnerService(runner, systemClock);
    this.redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    this.redis.on('error', () => {});
    this.k = keys(opts.prefix);
  }

  /** Whether this machine can run code (bubblewrap, compilers). */
  status() {
    return this.local.runner.status();
  }

  get concurrency() {
    return this.local.lanes.scratch.concurrency;
  }

  async start() {
    const lockDuration = this.opts.lockMs ?? 10_000;
    const common = { prefix: this.opts.prefix, lockDuration, stalledInterval: lockDuration, maxStalledCount: 3 };
    const connection = { url: this.opts.redisUrl, maxRetriesPerRequest: null };
    this.workers = [
      new Worker(RUNS_QUEUE, (job: Job<RunJob>) => this.counted(job), { ...common, connection, concurrency: this.concurrency }),
      new Worker(INTERACTIVE_QUEUE, (job: Job<RunJob>) => this.counted(job), {
        ...common,
        connection,
        concurrency: this.local.lanes.interactive.concurrency,
      }),
    ];
    for (const w of this.workers) w.on('error', (err) => this.opts.log?.(`queue: ${err.message}`));
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    await this.heartbeat();
    this.beat = setInterval(() => void this.heartbeat().catch(() => {}), 2000);
  }

  /** This worker's figures in Redis, read by the API's /api/health and /metrics. */
  private async heartbeat() {
    const now = Date.now();
    while (this.recent.length && this.recent[0]! < now - 10_000) this.recent.shift();
    // Its own sandbox's status (probed once): the API instances answer "can code run" from it.
    const { available, reason, isolation } = await this.local.runner.status();
    if (this.gone) return; // drained: its figures are removed, not written again
    const figures: Heartbeat = {
      available,
      reason,
      isolation,
      host: hostname(),
      concurrency: this.concurrency,
      active: this.active,
      runs: this.runs,
      runsPerSecond: this.recent.length / 10,
      at: now,
    };
    await this.redis.hset(this.k.workers, this.id, JSON.stringify(figures));
  }

  private active = 0;
  private gone = false;

  private async counted(job: Job<RunJob>): Promise<JobResult> {
    this.active++;
    void this.heartbeat().catch(() => {});
    try {
      return await this.process(job);
    } finally {
      this.active--;
      this.runs++;
      this.recent.push(Date.now());
      // At once, not at the next beat: the figures say which worker holds a job now.
      void this.heartbeat().catch(() => {});
    }
  }

  private async process(job: Job<RunJob>): Promise<JobResult> {
    const waitedMs = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp);
    const d = job.data;
    if (d.kind === 'grade') return { kind: 'grade', run: await this.opts.grade(this.local, d.task, d.language, d.code, d.grade), waitedMs };
    if (d.kind === 'run') {
      if (Date.now() > d.deadline) return { kind: 'expired', waitedMs };
      return { kind: 'run', response: await this.run(job.id!, d), waitedMs };
    }
    await this.interactive(job.id!, d, job.attemptsStarted > 1);
    return { kind: 'interactive', waitedMs };
  }

  /** Why the run must not start: its student started another, or left. */
  private async stopReason(jobId: string, userId: string): Promise<string | null> {
    const [current, input] = await Promise.all([this.redis.get(this.k.student(userId)), this.redis.xrange(this.k.input(jobId), '-', '+')]);
    const kill = input.map(([, f]) => JSON.parse(f[1]!) as InEvent).find((e) => e.t === 'kill');
    if (kill && kill.t === 'kill') return kill.reason ?? 'Stopped.';
    return current === jobId ? null : 'Stopped: you started another program (one program runs at a time for each student).';
  }

  /**
   * Follows a run's input stream until `done` settles: each event to `on` (a kill stops the program).
   * A connection of its own (XREAD BLOCK holds it).
   */
  private async follow(jobId: string, done: Promise<unknown>, on: (e: InEvent) => void) {
    const reader = this.redis.duplicate();
    reader.on('error', () => {});
    let over = false;
    void done.finally(() => (over = true));
    let from = '0';
    try {
      while (!over) {
        const r = await readStream<InEvent>(reader, this.k.input(jobId), from, 500);
        from = r.next;
        r.events.forEach(on);
      }
    } finally {
      reader.disconnect();
    }
  }

  private async run(jobId: string, d: Extract<RunJob, { kind: 'run' }>): Promise<RunResponse> {
    const reason = await this.stopReason(jobId, d.userId);
    if (reason) return { available: true, language: d.language, compile: null, run: stopped(reason) };
    const status = await this.local.runner.status();
    if (!status.available) return { available: false, reason: status.reason ?? 'Code running is unavailable' };
    const lowPriority = this.limited.lowPriority(d.userId);
    const { compile, program } = await this.local.runner.compileOnce({ ...d, lowPriority });
    if (!program) return { available: true, language: d.language, compile, run: null };
    try {
      let stoppedWith: string | null = null;
      const handle = this.local.runner.start(program, { stdin: d.stdin, lowPriority });
      const following = this.follow(jobId, handle.done, (e) => {
        if (e.t !== 'kill') return;
        stoppedWith = e.reason ?? 'Stopped.';
        handle.kill();
      });
      const run = await handle.done;
      await following;
      if (!stoppedWith) this.limited.ended(d.userId, run.limit, run.usage?.cpuMs);
      return { available: true, language: d.language, compile, run: stoppedWith ? { ...run, limitMessage: stoppedWith } : run };
    } finally {
      await program.dispose();
    }
  }

  /** An interactive run: output to its output stream in order, input from its input stream. */
  private async interactive(jobId: string, d: Extract<RunJob, { kind: 'interactive' }>, retried: boolean) {
    const out = this.k.output(jobId);
    let chain = Promise.resolve();
    const emit = (e: OutEvent) => (chain = chain.then(() => append(this.redis, out, e)).catch(() => {}));
    try {
      // Retried after its worker died: what the student typed and saw cannot be replayed.
      if (retried && (await this.redis.xlen(out)) > 0) return void emit({ t: 'error', message: RETRIED_MESSAGE, unavailable: false });
      if (Date.now() > d.deadline) return void emit({ t: 'error', message: BUSY_MESSAGE, unavailable: false });
      if (await this.stopReason(jobId, d.userId)) return;
      const status = await this.local.runner.status();
      if (!status.available) return void emit({ t: 'error', message: status.reason ?? 'Code running is unavailable', unavailable: true });
      const lowPriority = this.limited.lowPriority(d.userId);
      const compiled = await this.local.runner.compileOnce({ ...d, lowPriority });
      void emit({ t: 'compiled', compile: compiled.compile });
      if (compiled.program) await this.converse(jobId, d.userId, compiled.program, emit, lowPriority);
    } finally {
      void emit({ t: 'end' });
      await chain;
    }
  }

  private async converse(jobId: string, userId: string, program: CompiledProgram, emit: (e: OutEvent) => void, lowPriority: boolean) {
    let handle: RunHandle;
    let stoppedWith: string | null = null;
    try {
      handle = this.local.runner.start(program, {
        interactive: true,
        onStdout: (data) => emit({ t: 'stdout', d: data }),
        onStderr: (data) => emit({ t: 'stderr', d: data }),
        lowPriority,
      });
      emit({ t: 'started' });
      const h = handle;
      let refused = false;
      const following = this.follow(jobId, h.done, (e) => {
        if (e.t === 'stdin') {
          const taken = h.write(e.d);
          if (!taken && !refused) emit({ t: 'notice', message: INPUT_REFUSED_MESSAGE(this.local.runner.limits.stdinBufferBytes / 1024) });
          refused = !taken;
        } else if (e.t === 'eof') h.end();
        else {
          stoppedWith = e.reason;
          h.kill();
        }
      });
      const run: RunResult = await h.done;
      await following;
      if (!stoppedWith) this.limited.ended(userId, run.limit, run.usage?.cpuMs);
      emit({ t: 'exit', run: stoppedWith ? { ...run, limitMessage: stoppedWith } : run });
    } finally {
      await program.dispose();
    }
  }

  /** SIGTERM: take nothing new, finish what is held, then leave the figures. */
  async drain() {
    clearInterval(this.beat);
    await Promise.all(this.workers.map((w) => w.close()));
    this.gone = true;
    await this.redis.hdel(this.k.workers, this.id).catch(() => {});
    this.redis.disconnect();
  }
}
