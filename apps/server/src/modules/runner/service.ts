import type { CompileResult, RunLanguage, RunResponse, RunResult } from '@learn/shared';
import { Runner, type CompiledProgram, type RunHandle, type RunOptions } from '@learn/runner';
import type { RunnerConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { DomainError, tooManyRequestsError } from '../../platform/errors.js';
import { QueueFullError, RunQueue } from './queue.js';
import { RateLimit, type RateStore } from '../../platform/rate-limit.js';
import { RecentLimits } from './recent-limits.js';
import { queuedRunsFor, type QueuedRuns } from './queued/client.js';
import { runnerHealth, sandboxStatus } from './status.js';
import { DRAINING_MESSAGE, REPLACED_MESSAGE, stopped } from './run-types.js';
import type { InteractiveEvents, InteractiveRun, Lane, RunnerHealth, SandboxStatus } from './run-types.js';
import { gatedInteractive } from './queued/gate.js';

/** One student's running program: stopping it says why. */
interface Current {
  stop(reason: string): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server side of the code runner: the sandbox, bounded lanes in front of it, a per-user rate limit, and
 * at most one running program per student (a new run replaces the one before, which is told why). Nothing
 * here blocks the event loop: compilers and programs are child processes.
 */
export class RunnerService {
  readonly runner: Runner;
  readonly lanes: Record<Lane, RunQueue>;
  private readonly rate: RateLimit;
  private readonly live = new Set<Promise<unknown>>();
  private readonly current = new Map<string, Current>();
  /** Students whose last run hit a limit start their next runs at the small CPU share. */
  private readonly recent = new RecentLimits(() => this.clock.now().getTime());
  private draining = false;

  constructor(
    config: RunnerConfig,
    private readonly clock: Clock,
    rateStore?: RateStore,
    /** LOG_LEVEL=debug: one line per run (lane, language, time, the limit hit, CPU and memory it held). */
    private readonly log?: { debug: (detail: object, message: string) => void },
  ) {
    this.runner = new Runner({ bwrapPath: config.bwrapPath, sandboxUid: config.sandboxUid, limits: config.limits, cgroup: config.cgroup });
    this.lanes = {
      scratch: new RunQueue(config.concurrency, config.queueLength),
      interactive: new RunQueue(config.interactiveConcurrency ?? Math.max(4, config.concurrency * 2), config.queueLength),
      grading: new RunQueue(config.gradingConcurrency ?? config.concurrency, Number.MAX_SAFE_INTEGER),
      restricted: new RunQueue(Math.max(1, Math.floor(config.concurrency / 2)), config.queueLength),
    };
    this.rate = new RateLimit('run', config.runsPerMinute, rateStore);
    this.sanitizeGrading = config.sanitizeGrading ?? false;
    this.queued = config.queue ? queuedRunsFor(config, config.queue) : null;
  }

  /** REDIS_URL: every run is a job for the runner workers (`npm run worker`); null: runs are done here. */
  readonly queued: QueuedRuns | null;

  /** AUTOGRADE_SANITIZERS: the autograder builds C and C++ with AddressSanitizer and UBSan. */
  readonly sanitizeGrading: boolean;

  /** The server is shutting down: no new run starts. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** Whether code can run, and why not (status.ts): the runner workers' word with REDIS_URL, else this machine's. */
  sandboxStatus(): Promise<SandboxStatus> {
    return sandboxStatus(this.runner, this.queued);
  }

  health(): Promise<RunnerHealth> {
    return runnerHealth(this.runner, this.lanes, this.queued);
  }

  private logRun(lane: Lane, language: RunLanguage, run: RunResult) {
    this.log?.debug(
      { lane, language, timeMs: run.timeMs, limit: run.limit, signal: run.signal, exitCode: run.exitCode, ...run.usage },
      `run done (${lane}, ${language}${run.limit ? `, ${run.limit}` : ''})`,
    );
  }

  /** Keeps a run's promise until it settles, so that a drain can wait for every run under way. */
  private track<T>(p: Promise<T>): Promise<T> {
    this.live.add(p);
    void p.finally(() => this.live.delete(p)).catch(() => {});
    return p;
  }

  /** The student's one running program: the one before (if any) is stopped and told why. */
  private claim(userId: string, entry: Current): () => void {
    this.current.get(userId)?.stop(REPLACED_MESSAGE);
    this.current.set(userId, entry);
    return () => {
      if (this.current.get(userId) === entry) this.current.delete(userId);
    };
  }

  /**
   * Whether the user may start a run now: 503 while draining, 429 with Retry-After past the rate limit.
   * Checked before the run replaces the student's earlier one, so a refused Run stops nothing.
   */
  private async checkAdmission(userId: string) {
    if (this.draining) throw new DomainError(503, 'SERVER', DRAINING_MESSAGE, undefined, { 'retry-after': '5' });
    const wait = await this.rate.check(userId, this.clock.now());
    if (wait !== null) throw tooManyRequestsError(`You have run code a lot in the last minute. Wait ${wait} s and run again.`, wait);
  }

  private async slot(lane: Lane, onPosition?: (p: number) => void, cancelled?: AbortSignal) {
    try {
      return await this.lanes[lane].acquire(onPosition, cancelled);
    } catch (err) {
      if (err instanceof QueueFullError) throw tooManyRequestsError(err.message, err.retryAfterSeconds);
      throw err;
    }
  }

  /** A slot in the grading lane, waiting (never refusing): homework and exam tests are graded in turn. */
  async gradingSlot(): Promise<() => void> {
    for (;;) {
      try {
        return await this.lanes.grading.acquire();
      } catch (err) {
        if (!(err instanceof QueueFullError)) throw err;
        await sleep(Math.min(5, err.retryAfterSeconds) * 1000);
      }
    }
  }

  /** POST /api/run: compile and run with the whole input. */
  async run(userId: string, req: { language: RunLanguage; code: string; stdin: string }, gone?: AbortSignal): Promise<RunResponse> {
    if (this.queued) {
      await this.checkAdmission(userId);
      return this.track(this.queued.run(userId, req, gone));
    }
    const status = await this.runner.status();
    if (!status.available) return { available: false, reason: status.reason ?? 'Code running is unavailable' };
    await this.checkAdmission(userId);
    let handle: RunHandle | null = null;
    let stoppedWith: string | null = null;
    const cancel = new AbortController();
    const entry: Current = {
      stop: (reason) => {
        stoppedWith = reason;
        cancel.abort();
        handle?.kill();
      },
    };
    const release = this.claim(userId, entry);
    gone?.addEventListener('abort', () => entry.stop('Stopped: the page that asked for this run has gone.'));
    try {
      const lowPriority = this.recent.lowPriority(userId);
      const free = await this.slot(lowPriority ? 'restricted' : 'scratch', undefined, cancel.signal).catch((err: Error) => {
        if (stoppedWith) return null;
        throw err;
      });
      if (!free) return { available: true, language: req.language, compile: null, run: stopped(stoppedWith!) };
      try {
        const { compile, program } = await this.runner.compileOnce({ ...req, lowPriority });
        if (!program) {
          this.recent.ended(userId, compile?.limit, compile?.timeMs);
          return { available: true, language: req.language, compile, run: null };
        }
        try {
          if (stoppedWith) return { available: true, language: req.language, compile, run: stopped(stoppedWith) };
          handle = this.runner.start(program, { stdin: req.stdin, lowPriority });
          const run = await this.track(handle.done);
          // A run stopped by the server (replaced, page gone) says nothing about the program.
          if (!stoppedWith) this.recent.ended(userId, run.limit, run.usage?.cpuMs);
          this.logRun('scratch', req.language, run);
          return { available: true, language: req.language, compile, run: stoppedWith ? { ...run, limitMessage: stoppedWith } : run };
        } finally {
          await program.dispose();
        }
      } finally {
        free();
      }
    } finally {
      release();
    }
  }

  /**
   * The /api/run/ws case: output streamed as it comes, input written as the learner types it (kept until
   * the program starts, within the same cap). Refusals (unavailable, rate limit, lane full) arrive as on.error.
   */
  startInteractive(userId: string, req: { language: RunLanguage; code: string }, on: InteractiveEvents): InteractiveRun {
    if (this.queued) {
      const run = gatedInteractive(() => this.checkAdmission(userId), this.queued, userId, req, on);
      return { ...run, done: this.track(run.done) };
    }
    const cancel = new AbortController();
    const pending: string[] = [];
    let pendingBytes = 0;
    const cap = this.runner.limits.stdinBufferBytes;
    let handle: RunHandle | null = null;
    let ended = false;
    let stoppedWith: string | null = null;
    let release = () => {};
    const startProgram = async (program: CompiledProgram) => {
      // The program's own lane: waiting for typed input, it holds no compile slot.
      const free = await this.slot('interactive', (p) => on.queued(p), cancel.signal);
      try {
        if (cancel.signal.aborted) return;
        const opts: RunOptions = {
          interactive: true,
          onStdout: on.stdout,
          onStderr: on.stderr,
          lowPriority: this.recent.lowPriority(userId),
        };
        handle = this.runner.start(program, opts);
        on.started();
        pending.forEach((d) => handle!.write(d));
        if (ended) handle.end();
        const run = await this.track(handle.done);
        if (!stoppedWith) this.recent.ended(userId, run.limit, run.usage?.cpuMs);
        this.logRun('interactive', req.language, run);
        on.exit(stoppedWith ? { ...run, limitMessage: stoppedWith } : run);
      } finally {
        free();
      }
    };
    const done = this.track(
      (async () => {
        const status = await this.runner.status();
        if (!status.available) return on.error(status.reason ?? 'Code running is unavailable', true);
        let compiled: { compile: CompileResult | null; program: CompiledProgram | null };
        try {
          await this.checkAdmission(userId);
        } catch (err) {
          return on.error((err as Error).message, false);
        }
        if (cancel.signal.aborted) return;
        release = this.claim(userId, {
          stop: (reason) => {
            stoppedWith = reason;
            if (!handle) on.error(reason, false);
            cancel.abort();
            handle?.kill();
          },
        });
        const lowPriority = this.recent.lowPriority(userId);
        const free = await this.slot(lowPriority ? 'restricted' : 'scratch', (p) => on.queued(p), cancel.signal).catch((err: Error) => {
          if (!cancel.signal.aborted) on.error(err.message, false);
          return null;
        });
        if (!free) return;
        try {
          compiled = await this.runner.compileOnce({ ...req, lowPriority });
        } finally {
          free();
        }
        on.compiled(compiled.compile);
        if (!compiled.program) return;
        try {
          if (!cancel.signal.aborted) await startProgram(compiled.program);
        } catch (err) {
          if (!cancel.signal.aborted) throw err;
        } finally {
          await compiled.program.dispose();
        }
      })()
        .catch((err: Error) => on.error(err.message, false))
        .finally(() => release()),
    );
    return {
      write: (data) => {
        if (handle) return handle.write(data);
        if (pendingBytes + Buffer.byteLength(data) > cap) return false;
        pendingBytes += Buffer.byteLength(data);
        pending.push(data);
        return true;
      },
      eof: () => (handle ? handle.end() : void (ended = true)),
      kill: () => {
        cancel.abort();
        handle?.kill();
      },
      done,
    };
  }

  /** The server is shutting down: no new run starts (each is answered 503 with a sentence). */
  stopAccepting(): void {
    this.draining = true;
  }

  /**
   * The server is shutting down: no new run starts; resolves when every run under way has finished, or after
   * `maxMs` (the shutdown's grace period), whichever comes first.
   */
  async drain(maxMs: number): Promise<void> {
    this.draining = true;
    const all = (async () => {
      while (this.live.size) await Promise.allSettled([...this.live]);
    })();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((r) => (timer = setTimeout(r, maxMs)))]);
    clearTimeout(timer);
  }

  /** Ends every run still going (the shutdown's grace period is over). */
  async close() {
    this.draining = true;
    for (const c of this.current.values()) c.stop(DRAINING_MESSAGE);
    await this.queued?.close();
  }
}
