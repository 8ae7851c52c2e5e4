import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Everything an operator can set, from the environment, validated once at start.
 * The README documents each variable and its default.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  guide: { email: string; name: string; password: string | undefined };
  session: { idleMs: number; maxMs: number };
  passwordHash: { cost: number; concurrency: number };
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
};

export class ConfigError extends Error {}

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
    guide: { email: e.LEARN_GUIDE_EMAIL, name: e.LEARN_GUIDE_NAME, password: e.LEARN_GUIDE_PASSWORD },
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_HOURS * 3_600_000 },
    passwordHash: { cost: e.PASSWORD_HASH_COST, concurrency: e.PASSWORD_HASH_CONCURRENCY },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}
