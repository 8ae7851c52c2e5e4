/**
 * Explain Code benchmark: `npm run bench:explain`. The proxy's added latency to the first piece of text.
 * This process holds a local fake provider (the real streaming protocols, first piece sent at once) and the
 * clients; the app runs in a child process of its own (as in production, where the browser and the provider
 * are elsewhere) on loopback with a temporary SQLite database. Each round fires CONCURRENCY explanations at
 * once, alternating: straight at the fake through the same official client library the server uses
 * (`direct`), and through `POST /api/explain` as a browser would, timed to the first `data:` event (`proxy`).
 * Both read each answer to the end (three pieces 5 ms apart), so connections stay alive as in real use and the
 * server also writes the rest and counts the usage. Every request has code of its own, so the cache never answers. Reported per provider, one at a time and
 * then CONCURRENCY at once: p50/p95/p99 of both and the difference (goal: under 20 ms at p99 with 50 at once).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { startFakeProvider } from '../apps/server/test/fakes/fake-provider.js';
import { explainPrompt } from '../apps/server/src/modules/explain/prompt.js';
import { geminiProvider } from '../apps/server/src/modules/explain/providers/gemini.js';
import { openAiCompatibleProvider } from '../apps/server/src/modules/explain/providers/openai-compatible.js';
import type { ExplainProvider } from '../apps/server/src/modules/explain/providers/provider.js';
import { BENCH_GUIDE_PASSWORD, benchDeps } from './bench-app.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const SERIAL_SAMPLES = Number(process.env.BENCH_SERIAL ?? 200);
const KEY = 'bench-key';

if (process.argv[2] === 'serve') {
  // The child: the app with the environment it was given; it says its port on stdout and runs until killed.
  process.once('SIGTERM', () => process.exit(0));
  const { deps } = await benchDeps('explain', { env: JSON.parse(process.env.BENCH_APP_ENV!) as Record<string, string> });
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  await new Promise(() => {});
}

/** Starts the app in a child process; resolves with its base URL and a stop function. */
async function startServer(env: Record<string, string>) {
  // BENCH_SERVER_FLAGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(import.meta.url), 'serve'], {
    env: { ...process.env, BENCH_APP_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /\{"port":\d+\}/.exec(out);
      if (line) resolve((JSON.parse(line[0]) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[2] === 'fake') {
  // The fake provider in a process of its own, so the clients' event loop does not also serve the provider
  // (which would slow the proxied path, where each explanation crosses the provider too, more than the direct one).
  process.once('SIGTERM', () => process.exit(0));
  const provider = await startFakeProvider();
  provider.pieces = ['Line 1 declares x. ', 'Line 2 prints it. ', 'Overall: a tiny program.'];
  process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`);
  await new Promise(() => {});
}

/** Starts the fake provider in a child process; resolves with its URL and a close function. */
async function startFakeChild() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'fake'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /\{"url":"[^"]+"\}/.exec(out);
      if (line) resolve((JSON.parse(line[0]) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the fake provider exited with ${code}`)));
  });
  return { url, close: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

const fake = await startFakeChild();

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

let serial = 0;
const nextCode = () => `x = ${++serial}\nprint(x)`;

async function direct(provider: ExplainProvider): Promise<number> {
  const started = performance.now();
  const controller = new AbortController();
  let first: number | undefined;
  // Read to the end, as the server does (an abort would close the kept-alive connection every time).
  for await (const piece of provider.stream(explainPrompt(nextCode(), 'python'), controller.signal))
    if (piece && first === undefined) first = performance.now() - started;
  if (first === undefined) throw new Error('the fake sent no text');
  return first;
}

async function proxied(base: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/explain`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ code: nextCode(), language: 'python' }),
  });
  if (!res.ok) throw new Error(`POST /api/explain: ${res.status} ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = '';
  let first: number | undefined;
  // Read to the end, as a browser does.
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
    if (first === undefined && seen.includes('data: {"text"')) first = performance.now() - started;
  }
  if (first === undefined || !seen.includes('event: done')) throw new Error(`no text or no end: ${seen}`);
  return first;
}

async function login(base: string, email: string, password: string) {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status}`);
  return r.headers.get('set-cookie')!.split(';')[0]!;
}

async function benchProvider(kind: 'gemini' | 'openai') {
  const env: Record<string, string> =
    kind === 'gemini'
      ? { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: fake.url }
      : { EXPLAIN_BASE_URL: `${fake.url}/v1`, EXPLAIN_API_KEY: KEY, EXPLAIN_MODEL: 'local' };
  const server = await startServer({ ...env, PASSWORD_HASH_COST: '12', EXPLAIN_PER_MINUTE: '1000000', EXPLAIN_CACHE_ENTRIES: '0' });
  const base = server.base;
  const guide = await login(base, loadConfig({}).guide.email, BENCH_GUIDE_PASSWORD);
  const made = await fetch(`${base}/api/students`, {
    method: 'POST',
    headers: { cookie: guide, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Student', email: 'bench-explain@example.com' }),
  });
  const { user, password } = (await made.json()) as { user: { email: string }; password: string };
  const cookie = await login(base, user.email, password);
  const p = loadConfig(env).explain.provider!;
  const provider = p.kind === 'gemini' ? geminiProvider(p) : openAiCompatibleProvider(p);

  const label = kind === 'gemini' ? 'Gemini (@google/genai)' : 'OpenAI-compatible (openai)';
  // One at a time first: the proxy's own cost per explanation; then CONCURRENCY at once (the goal).
  for (const [concurrency, rounds] of [
    [1, SERIAL_SAMPLES],
    [CONCURRENCY, ROUNDS],
  ] as const) {
    const times = { direct: [] as number[], proxy: [] as number[] };
    // One warm-up round of each, not counted (connection pools, JIT).
    await Promise.all(Array.from({ length: concurrency }, () => direct(provider)));
    await Promise.all(Array.from({ length: concurrency }, () => proxied(base, cookie)));
    for (let round = 0; round < rounds; round++) {
      times.direct.push(...(await Promise.all(Array.from({ length: concurrency }, () => direct(provider)))));
      times.proxy.push(...(await Promise.all(Array.from({ length: concurrency }, () => proxied(base, cookie)))));
    }
    report(`${label}: ${concurrency} at once x ${rounds} rounds`, times, concurrency === CONCURRENCY);
  }
  await server.stop();
}

function report(title: string, times: { direct: number[]; proxy: number[] }, goal: boolean) {
  const d = [...times.direct].sort((a, b) => a - b);
  const x = [...times.proxy].sort((a, b) => a - b);
  console.log(`\n${title}`);
  console.log('            p50        p95        p99        max');
  for (const [name, s] of [
    ['direct', d],
    ['proxy', x],
  ] as const)
    console.log(`  ${name.padEnd(8)}  ${[50, 95, 99].map((q) => fmt(pct(s, q)).padEnd(9)).join('  ')}  ${fmt(s.at(-1)!)}`);
  const added = [50, 95, 99].map((q) => pct(x, q) - pct(d, q));
  console.log(`  added     ${added.map((a) => fmt(a).padEnd(9)).join('  ')}`);
  if (goal)
    console.log(
      `  p99 added ${fmt(added[2]!)} (goal < 20 ms): ${added[2]! < 20 ? 'met' : 'NOT met'}; proxy/direct p99 = ${(pct(x, 99) / pct(d, 99)).toFixed(2)}`,
    );
}

await benchProvider('gemini');
await benchProvider('openai');
await fake.close();
