import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Real server processes (`apps/server/src/main.ts`) for the multi-instance tests and the scale bench. */
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server process and resolves once /api/health/ready answers 200 (at most 60 s). With `logFile`,
 * its standard output (the log) goes to that file, as `npm start > file` would, instead of into `output`.
 * `SERVER_NODE_ARGS` in the environment adds node flags to the server process (profiling a bench's server:
 * `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench`).
 */
export async function startServerProcess(
  name: string,
  opts: {
    databaseUrl: string;
    redisUrl?: string;
    guidePassword: string;
    env?: Record<string, string>;
    logFile?: string;
    /** Another checkout's `apps/server/src/main.ts` (a bench comparing two versions). */
    main?: string;
  },
): Promise<Instance> {
  const port = await freePort();
  const logFd = opts.logFile ? openSync(opts.logFile, 'a') : undefined;
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', opts.main ?? main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl ?? '',
      LEARN_GUIDE_PASSWORD: opts.guidePassword,
      PASSWORD_HASH: 'scrypt',
      PASSWORD_HASH_COST: '12',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      SHUTDOWN_GRACE_SECONDS: '10',
      ...opts.env,
    },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error(`${name} did not become ready:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, base, child, output, exited };
}

/** An empty PostgreSQL database of its own on the server at `adminUrl`: its URL and a function that drops it. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
