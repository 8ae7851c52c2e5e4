import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { RunnerLimits } from '@learn/runner';

/**
 * Everything an operator can set, from the environment, validated once at start.
 * The README documents each variable and its default.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Names every Redis channel and key of this deployment, so deployments sharing one Redis stay apart. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'REDIS_PREFIX may hold letters, digits and : _ . - (at most 100)')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
  LEARN_GUIDE_EMAIL: z.string().trim().toLowerCase().email().default('guide@example.com'),
  LEARN_GUIDE_NAME: z.string().trim().min(1).default('Course Mate'),
  LEARN_GUIDE_PASSWORD: z.string().min(6).max(254).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(14 * 24),
  /** scrypt cost as log2(N); 17 is OWASP's recommendation (N=2^17, r=8, p=1). */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** argon2id (OWASP m=19 MiB, t=2, p=1) for new passwords, or scrypt at PASSWORD_HASH_COST. */
  PASSWORD_HASH: z.enum(['argon2id', 'scrypt']).default('argon2id'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** true: the autograder builds C and C++ submissions with AddressSanitizer and UBSan (slower, stricter). */
  AUTOGRADE_SANITIZERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json: one JSON object per line (production); pretty: short human lines (`npm run dev` sets it). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  WEB_DIST: z.string().optional(),
  ...runnerEnv(),
  ...explainEnv(),
});

/** The AI explanation provider: Gemini (GEMINI_API_KEY) or an OpenAI-compatible API (EXPLAIN_BASE_URL). */
function explainEnv() {
  const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);
  return {
    GEMINI_API_KEY: z.string().optional(),
    GEMINI_BASE_URL: z.string().url().optional(),
    EXPLAIN_BASE_URL: z.string().url().optional(),
    EXPLAIN_API_KEY: z.string().optional(),
    EXPLAIN_MODEL: z.string().optional(),
    EXPLAIN_PROVIDER_NAME: z.string().optional(),
    EXPLAIN_PER_MINUTE: int(1, 1_000_000, 10),
    EXPLAIN_TIMEOUT_SECONDS: int(1, 600, 30),
    EXPLAIN_CACHE_ENTRIES: int(0, 1_000_000, 500),
  };
}

/** The code runner's settings: where bubblewrap is, how many runs at once, and every limit of a run. */
function runnerEnv() {
  const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);
  return {
    RUNNER_BWRAP_PATH: z.string().default('/usr/bin/bwrap'),
    RUNNER_SANDBOX_UID: int(1, 4_294_967_294, 65534),
    RUNNER_CONCURRENCY: int(1, 256, Math.max(4, 2 * availableParallelism())),
    RUNNER_GRADING_CONCURRENCY: int(1, 256, availableParallelism()),
    RUNNER_INTERACTIVE_CONCURRENCY: int(1, 1024, Math.max(4, 2 * availableParallelism())),
    RUNNER_QUEUE_LENGTH: int(0, 10_000, 32),
    RUNNER_CGROUP: z.enum(['auto', 'v1', 'v2', 'off']).default('auto'),
    RUNNER_CORES: z.coerce.number().min(0.1).max(64).default(1),
    RUNNER_STDIN_BUFFER_KIB: int(4, 65_536, 256),
    RUNNER_RUNS_PER_MINUTE: int(1, 1_000_000, 30),
    RUNNER_CPU_SECONDS: int(1, 600, 5),
    RUNNER_WALL_SECONDS: int(1, 600, 10),
    RUNNER_INTERACTIVE_SECONDS: int(1, 3600, 120),
    RUNNER_MEMORY_MIB: int(16, 65_536, 256),
    RUNNER_PROCESSES: int(1, 4096, 64),
    RUNNER_FILE_MIB: int(1, 4096, 8),
    RUNNER_OUTPUT_KIB: int(1, 65_536, 64),
    RUNNER_COMPILE_SECONDS: int(1, 600, 10),
    /** With REDIS_URL: the Redis key prefix of the run queue (API instances and workers must agree). */
    RUNNER_QUEUE_PREFIX: z
      .string()
      .regex(/^[\w:.-]+$/)
      .default('learn:runs'),
    /** With REDIS_URL: a run not started within this time is dropped and its student told to retry (429). */
    RUNNER_QUEUE_DEADLINE_SECONDS: int(1, 3600, 30),
  };
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis for pub/sub and shared counters across instances; unset: everything in this process. */
  redisUrl: string | undefined;
  /** Prefix of every Redis channel and key: REDIS_PREFIX, else `learn:<database name>` (see defaultRedisPrefix). */
  redisPrefix: string;
  /** `/metrics` (Prometheus) answers only with `Authorization: Bearer <token>`; unset: /metrics is off. */
  metricsToken: string | undefined;
  /** On SIGTERM, how long requests and runs in flight may take before the process ends anyway. */
  shutdownGraceMs: number;
  guide: { email: string; name: string; password: string | undefined };
  session: { idleMs: number; maxMs: number };
  passwordHash: { cost: number; concurrency: number; algorithm: 'argon2id' | 'scrypt' };
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  webDist: string | undefined;
  runner: RunnerConfig;
  explain: ExplainConfig;
};

export interface ExplainConfig {
  /** null: no provider configured; the status route says so and the button explains it. */
  provider: { kind: 'gemini' | 'openai'; name: string; model: string; apiKey: string; baseUrl: string | undefined } | null;
  perMinute: number;
  timeoutMs: number;
  cacheEntries: number;
}

export interface RunnerConfig {
  bwrapPath: string;
  sandboxUid: number;
  /** Scratchpad runs (and the compile step of interactive runs) at once. */
  concurrency: number;
  /** Homework and exam grading at once: a lane of its own, so neither side starves the other. */
  gradingConcurrency?: number;
  /** Interactive programs at once: their own pool, since one waiting for typed input uses no CPU. */
  interactiveConcurrency?: number;
  queueLength: number;
  runsPerMinute: number;
  /** Per-run cgroups: auto (v2 if delegated, else v1), a version, or off (rlimits alone). */
  cgroup?: 'auto' | 'v1' | 'v2' | 'off';
  /** Grade C and C++ with AddressSanitizer and UBSan: a finding fails the test with the sanitizer's sentence. */
  sanitizeGrading?: boolean;
  /** The compiler's own memory keeps the runner's default. */
  limits: Omit<RunnerLimits, 'compileMemoryBytes'>;
  /** REDIS_URL set: runs are jobs on a Redis queue, done by runner workers (`npm run worker`). */
  queue?: { redisUrl: string; prefix: string; deadlineMs: number };
}

export class ConfigError extends Error {}

/**
 * `learn:<database name>` for PostgreSQL (two deployments on one Redis have two databases; the instances of
 * one deployment name the same database, whatever host name each uses to reach it), and
 * `learn:sqlite-<hash of the data folder>` for SQLite. REDIS_PREFIX overrides it.
 */
export function defaultRedisPrefix(databaseUrl: string | undefined, dataDir: string): string {
  if (databaseUrl) {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
    return `learn:${name}`.replace(/[^A-Za-z0-9:_.-]/g, '_');
  }
  return `learn:sqlite-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, so `FOO= npm start` falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX ?? defaultRedisPrefix(e.DATABASE_URL, resolve(e.DATA_DIR)),
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    guide: { email: e.LEARN_GUIDE_EMAIL, name: e.LEARN_GUIDE_NAME, password: e.LEARN_GUIDE_PASSWORD },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_HOURS * 3_600_000 },
    passwordHash: { cost: e.PASSWORD_HASH_COST, concurrency: e.PASSWORD_HASH_CONCURRENCY, algorithm: e.PASSWORD_HASH },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDist: e.WEB_DIST,
    runner: {
      bwrapPath: e.RUNNER_BWRAP_PATH,
      sandboxUid: e.RUNNER_SANDBOX_UID,
      concurrency: e.RUNNER_CONCURRENCY,
      gradingConcurrency: e.RUNNER_GRADING_CONCURRENCY,
      interactiveConcurrency: e.RUNNER_INTERACTIVE_CONCURRENCY,
      cgroup: e.RUNNER_CGROUP,
      queueLength: e.RUNNER_QUEUE_LENGTH,
      runsPerMinute: e.RUNNER_RUNS_PER_MINUTE,
      sanitizeGrading: e.AUTOGRADE_SANITIZERS,
      ...(e.REDIS_URL
        ? { queue: { redisUrl: e.REDIS_URL, prefix: e.RUNNER_QUEUE_PREFIX, deadlineMs: e.RUNNER_QUEUE_DEADLINE_SECONDS * 1000 } }
        : {}),
      limits: {
        cpuMs: e.RUNNER_CPU_SECONDS * 1000,
        wallMs: e.RUNNER_WALL_SECONDS * 1000,
        interactiveWallMs: e.RUNNER_INTERACTIVE_SECONDS * 1000,
        memoryBytes: e.RUNNER_MEMORY_MIB * 1024 * 1024,
        processes: e.RUNNER_PROCESSES,
        fileBytes: e.RUNNER_FILE_MIB * 1024 * 1024,
        outputBytes: e.RUNNER_OUTPUT_KIB * 1024,
        compileMs: e.RUNNER_COMPILE_SECONDS * 1000,
        cores: e.RUNNER_CORES,
        stdinBufferBytes: e.RUNNER_STDIN_BUFFER_KIB * 1024,
      },
    },
    explain: {
      provider: e.EXPLAIN_BASE_URL
        ? {
            kind: 'openai',
            name: e.EXPLAIN_PROVIDER_NAME ?? 'AI',
            model: e.EXPLAIN_MODEL ?? 'gpt-4o-mini',
            apiKey: e.EXPLAIN_API_KEY ?? 'none',
            baseUrl: e.EXPLAIN_BASE_URL,
          }
        : e.GEMINI_API_KEY
          ? {
              kind: 'gemini',
              name: e.EXPLAIN_PROVIDER_NAME ?? 'Gemini',
              model: e.EXPLAIN_MODEL ?? 'gemini-2.5-flash',
              apiKey: e.GEMINI_API_KEY,
              baseUrl: e.GEMINI_BASE_URL,
            }
          : null,
      perMinute: e.EXPLAIN_PER_MINUTE,
      timeoutMs: e.EXPLAIN_TIMEOUT_SECONDS * 1000,
      cacheEntries: e.EXPLAIN_CACHE_ENTRIES,
    },
  };
}
