import { EXPLAIN_CODE_MAX_BYTES, EXPLAIN_FAILED, type ExplainStatus } from '@learn/shared';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../platform/clock.js';
import type { ExplainConfig } from '../../config.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, DomainError, tooManyRequestsError, validationError } from '../../platform/errors.js';
import { RateLimit, type RateStore } from '../../platform/rate-limit.js';
import { explainPrompt } from './prompt.js';
import { countExplanation, usageByDay } from './repository.js';
import { geminiProvider } from './providers/gemini.js';
import { openAiCompatibleProvider } from './providers/openai-compatible.js';
import type { ExplainProvider } from './providers/provider.js';
import type { ExamAttempts } from '../exams/attempts.js';
import { canExplain, examRuleAppliesTo } from './policy.js';

/** What the explain service asks the exams module: is this student in an exam attempt now? */
export type ExamStatus = Pick<ExamAttempts, 'hasActiveAttempt'>;

export const IN_EXAM_MESSAGE = 'Explanations are not available during an exam.';
export const EXAM_STATUS_UNKNOWN = 'Explanations are not available right now: try again in a minute.';

export interface ExplainSink {
  text(piece: string): void;
  done(): void;
  error(message: string): void;
}

/** The explanations: rate limit, the cache of identical (code, language) answers, the provider call with a time-out. */
export class ExplainService {
  readonly provider: ExplainProvider | null;
  private readonly limit: RateLimit;
  private readonly cache = new Map<string, string>();
  constructor(
    private readonly config: ExplainConfig,
    private readonly clock: Clock,
    private readonly db: Executor,
    /** Required: "no explanations during an exam" cannot be switched off by leaving it out. */
    private readonly exams: ExamStatus,
    rateStore?: RateStore,
  ) {
    const p = config.provider;
    this.provider = !p ? null : p.kind === 'gemini' ? geminiProvider(p) : openAiCompatibleProvider(p);
    this.limit = new RateLimit('explain', config.perMinute, rateStore);
  }

  status(): ExplainStatus {
    return this.provider ? { available: true as const, provider: this.provider.name } : { available: false as const };
  }

  /** Explanations per UTC day and cache hits, the last 30 days with any, newest first (kept in the database). */
  usageByDay() {
    return usageByDay(this.db, 30);
  }

  /**
   * Refuses a student during an exam attempt. Fails closed: when the exams service cannot answer, the
   * student gets no explanation (503) rather than one that might be during an exam.
   */
  async authorize(actor: Actor): Promise<void> {
    let inExam = false;
    if (examRuleAppliesTo(actor)) {
      try {
        inExam = await this.exams.hasActiveAttempt(actor.id);
      } catch {
        throw new DomainError(503, 'SERVER', EXAM_STATUS_UNKNOWN);
      }
    }
    if (!canExplain(actor, inExam)) throw authorizationError(inExam ? IN_EXAM_MESSAGE : undefined);
  }

  /** Checks before the stream opens, so refusals are ordinary JSON errors (400, 429, 503). */
  async admit(userId: string, code: string) {
    if (!code.trim()) throw validationError('There is no code to explain.');
    if (Buffer.byteLength(code) > EXPLAIN_CODE_MAX_BYTES) throw validationError('Code is longer than 8 KiB; explain a smaller part.');
    const wait = await this.limit.check(userId, this.clock.now());
    if (wait !== null)
      throw tooManyRequestsError(`You have asked for many explanations in the last minute. Wait ${wait} s and try again.`, wait);
  }

  async explain(code: string, language: string, sink: ExplainSink, signal: AbortSignal): Promise<void> {
    const provider = this.provider;
    if (!provider) return sink.error('Explanations are not set up on this server.');
    const key = `${language}\u0000${code}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      sink.text(cached);
      sink.done();
      return this.count(true);
    }
    const upstream = AbortSignal.any([signal, AbortSignal.timeout(this.config.timeoutMs)]);
    let answer = '';
    try {
      for await (const piece of provider.stream(explainPrompt(code, language), upstream)) {
        answer += piece;
        sink.text(piece);
      }
    } catch {
      if (!signal.aborted) sink.error(EXPLAIN_FAILED);
      return;
    }
    if (upstream.aborted) return signal.aborted ? undefined : sink.error(EXPLAIN_FAILED);
    this.remember(key, answer);
    sink.done();
    await this.count(false);
  }

  private remember(key: string, answer: string) {
    if (this.config.cacheEntries === 0 || !answer) return;
    this.cache.set(key, answer);
    if (this.cache.size > this.config.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
  }

  /** Usage is bookkeeping: a failed count is logged, never shown to the student (the answer has gone out). */
  private async count(hit: boolean) {
    try {
      await countExplanation(this.db, this.clock.now().toISOString().slice(0, 10), hit);
    } catch (err) {
      console.warn(`explain usage not counted: ${(err as Error).message}`);
    }
  }
}
