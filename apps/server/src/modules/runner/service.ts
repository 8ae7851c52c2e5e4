import type { CompileResult, RunLanguage, RunResponse, RunResult } from '@learn/shared';
import { Runner, type RunHandle } from '@learn/runner';
import type { RunnerConfig } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { tooManyRequestsError } from '../../platform/errors.js';
import { QueueFullError, RunQueue } from './queue.js';
import { RateLimit, type RateStore } from '../../platform/rate-limit.js';

export interface RunnerHealth {
  available: boolean;
  reason: string | null;
  versions: { gcc: string | null; gpp: string | null; python: string | null };
  concurrency: number;
  running: number;
  queued: number;
}

/** What an interactive run tells its socket, in order. */
export interface InteractiveEvents {
  queued(position: number): void;
  compiled(compile: CompileResult | null): void;
  started(): void;
  stdout(data: string): void;
  stderr(data: string): void;
  exit(run: RunResult): void;
  error(message: string, unavailable: boolean): void;
}

export interface InteractiveRun {
  write(data: string): void;
  eof(): void;
  kill(): void;
  /** Settles when the run (or its compilation) is over and its slot is free. */
  done: Promise<void>;
}

/**
 * The server side of the code runner: the sandbox, a bounded queue in front of it and a per-user rate
 * limit. Nothing here blocks the event loop: compilers and programs are child processes.
 */
export class RunnerService {
  readonly runner: Runner;
  readonly queue: RunQueue;
  private readonly rate: RateLimit;
  private readonly live = new Set<RunHandle>();

  constructor(
    config: RunnerConfig,
    private readonly clock: Clock,
    rateStore?: RateStore,
  ) {
    this.runner = new Runner({ bwrapPath: config.bwrapPath, sandboxUid: config.sandboxUid, limits: config.limits });
    this.queue = new RunQueue(config.concurrency, config.queueLength);
    this.rate = new RateLimit('run', config.runsPerMinute, rateStore);
    this.sanitizeGrading = config.sanitizeGrading ?? false;
  }

  /** AUTOGRADE_SANITIZERS: the autograder builds C and C++ with AddressSanitizer and UBSan. */
  readonly sanitizeGrading: boolean;

  async health(): Promise<RunnerHealth> {
    const s = await this.runner.status();
    return { ...s, concurrency: this.queue.concurrency, running: this.queue.running, queued: this.queue.queued };
  }

  /** Rate limit, then a queue slot; 429 with Retry-After when either says no. */
  private async admit(userId: string, onPosition?: (p: number) => void, cancelled?: AbortSignal) {
    const wait = await this.rate.check(userId, this.clock.now());
    if (wait !== null) throw tooManyRequestsError(`You have run code a lot in the last minute. Wait ${wait} s and run again.`, wait);
    try {
      return await this.queue.acquire(onPosition, cancelled);
    } catch (err) {
      if (err instanceof QueueFullError) throw tooManyRequestsError(err.message, err.retryAfterSeconds);
      throw err;
    }
  }

  /** POST /api/run: compile and run with the whole input. */
  async run(userId: string, req: { language: RunLanguage; code: string; stdin: string }): Promise<RunResponse> {
    const status = await this.runner.status();
    if (!status.available) return { available: false, reason: status.reason ?? 'Code running is unavailable' };
    const release = await this.admit(userId);
    try {
      const { compile, program } = await this.runner.compileOnce(req);
      if (!program) return { available: true, language: req.language, compile, run: null };
      try {
        const handle = this.runner.start(program, { stdin: req.stdin });
        this.live.add(handle);
        const run = await handle.done.finally(() => this.live.delete(handle));
        return { available: true, language: req.language, compile, run };
      } finally {
        await program.dispose();
      }
    } finally {
      release();
    }
  }

  /**
   * The /api/run/ws case: output streamed as it comes, input written as the learner types it (kept until
   * the program starts). Refusals (unavailable, rate limit, queue full) arrive as on.error.
   */
  startInteractive(userId: string, req: { language: RunLanguage; code: string }, on: InteractiveEvents): InteractiveRun {
    const cancel = new AbortController();
    const pending: string[] = [];
    let handle: RunHandle | null = null;
    let ended = false;
    const done = (async () => {
      const status = await this.runner.status();
      if (!status.available) return on.error(status.reason ?? 'Code running is unavailable', true);
      let release: () => void;
      try {
        release = await this.admit(userId, (p) => on.queued(p), cancel.signal);
      } catch (err) {
        if (!cancel.signal.aborted) on.error((err as Error).message, false);
        return;
      }
      try {
        const { compile, program } = await this.runner.compileOnce(req);
        on.compiled(compile);
        if (!program) return;
        try {
          if (cancel.signal.aborted) return;
          handle = this.runner.start(program, { interactive: true, onStdout: on.stdout, onStderr: on.stderr });
          this.live.add(handle);
          on.started();
          pending.forEach((d) => handle!.write(d));
          if (ended) handle.end();
          on.exit(await handle.done);
        } finally {
          if (handle) this.live.delete(handle);
          await program.dispose();
        }
      } finally {
        release();
      }
    })().catch((err: Error) => on.error(err.message, false));
    return {
      write: (data) => (handle ? handle.write(data) : void pending.push(data)),
      eof: () => (handle ? handle.end() : void (ended = true)),
      kill: () => {
        cancel.abort();
        handle?.kill();
      },
      done,
    };
  }

  /** Ends every run still going (the server is shutting down). */
  close() {
    this.live.forEach((h) => h.kill());
  }
}
