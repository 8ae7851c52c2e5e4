/**
 * Code runner benchmark: `npm run bench:runner`.
 * 1. Sandbox overhead: compile+run of C, C++ and Python hello, sandboxed (@learn/runner) against the same
 *    compiler and program commands run directly, interleaved in one run.
 * 2. Throughput: the API in-process on loopback, the run queue kept saturated for BENCH_RUNNER_SECONDS
 *    (default 30) with C hello runs and a few hostile programs; counts runs/s, 429s, lost or hung runs, and
 *    samples GET /api/health meanwhile (against an idle baseline taken first).
 * 3. Noisy neighbour: other students' C hello p50/p99 beside a fork bomb, a memory hog and an endless
 *    interactive run, against the same with no hostile runs (BENCH_NOISY_SECONDS each, default 20).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Runner, compilerCommand } from '@learn/runner';
import { createTestApp } from '../apps/server/test/harness.js';

const ITERATIONS = Number(process.env.BENCH_RUNNER_ITERATIONS ?? 15);
const SECONDS = Number(process.env.BENCH_RUNNER_SECONDS ?? 30);
const HELLO = {
  c: '#include <stdio.h>\nint main(void){ puts("hello"); return 0; }\n',
  cpp: '#include <iostream>\nint main(){ std::cout << "hello\\n"; }\n',
  python: 'print("hello")\n',
} as const;
type Lang = keyof typeof HELLO;

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

function exec(cmd: string, args: string[], cwd: string): Promise<number | null> {
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'ignore'] });
    c.on('close', resolve);
  });
}

/** The same commands without the sandbox: write the file, compile, run. */
async function direct(lang: Lang): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'learn-bench-direct-'));
  const t0 = performance.now();
  writeFileSync(join(dir, lang === 'python' ? 'main.py' : `main.${lang}`), HELLO[lang]);
  if (lang === 'python') await exec('/usr/bin/python3', ['main.py'], dir);
  else {
    const [cc, ...args] = compilerCommand(lang);
    await exec(cc!, args, dir);
    await exec('./main', [], dir);
  }
  const t = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return t;
}

const runner = new Runner();
const status = await runner.status();
if (!status.available) throw new Error(`The sandbox is unavailable: ${status.reason}`);

console.log(`Sandbox overhead: ${ITERATIONS} compile+run per language and side, interleaved`);
for (const lang of ['c', 'cpp', 'python'] as const) {
  const boxed: number[] = [];
  const plain: number[] = [];
  await runner.runProgram({ language: lang, code: HELLO[lang] }); // warm the page cache
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    const r = await runner.runProgram({ language: lang, code: HELLO[lang] });
    if (r.run?.stdout !== 'hello\n') throw new Error(`sandboxed ${lang} hello printed ${JSON.stringify(r.run?.stdout)}`);
    boxed.push(performance.now() - t0);
    plain.push(await direct(lang));
  }
  const ratio = pct(boxed, 0.5) / pct(plain, 0.5);
  console.log(
    `  ${lang.padEnd(6)} sandboxed p50 ${ms(pct(boxed, 0.5))} p95 ${ms(pct(boxed, 0.95))}   direct p50 ${ms(pct(plain, 0.5))} p95 ${ms(pct(plain, 0.95))}   ratio ${ratio.toFixed(2)}`,
  );
}

// The C++ compile with and without the precompiled header of the program's includes (built once, on the
// first run, by the runner above; the plain runner compiles the same program the usual way), interleaved.
{
  const plainRunner = new Runner({ precompiledHeaders: false });
  const withPch: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    for (const [r, into] of [
      [runner, withPch],
      [plainRunner, without],
    ] as const) {
      const t0 = performance.now();
      const x = await r.runProgram({ language: 'cpp', code: HELLO.cpp });
      if (x.run?.stdout !== 'hello\n') throw new Error('C++ hello failed');
      into.push(performance.now() - t0);
    }
  }
  console.log(
    `  cpp    with precompiled header p50 ${ms(pct(withPch, 0.5))} p95 ${ms(pct(withPch, 0.95))}   without p50 ${ms(pct(without, 0.5))} p95 ${ms(pct(without, 0.95))}   ratio ${(pct(withPch, 0.5) / pct(without, 0.5)).toFixed(2)}`,
  );
}

// Throughput through the API (the test harness's app: in-memory SQLite, the real runner).
const t = await createTestApp('sqlite', { RUNNER_RUNS_PER_MINUTE: '1000000' });
const config = t.deps.config;
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
// One student per client: each student runs one program at a time (a second Run replaces the first).
const clientCookie: string[] = [];

async function healthSamples(n: number, gapMs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return out;
}
const idle = await healthSamples(50, 20);

const HOSTILE = [
  { language: 'c', code: '#include <unistd.h>\nint main(void){ for(;;) fork(); }' },
  { language: 'c', code: 'int main(void){ volatile unsigned long i = 0; for(;;) i++; }' },
  { language: 'python', code: 'while True:\n    print("flood" * 100)\n' },
  { language: 'python', code: 'x = bytearray(1 << 30)\n' },
];
const clients = config.runner.concurrency + Math.min(4, config.runner.queueLength); // keeps the queue full
for (let k = 0; k < clients; k++) {
  const u = await t.createUser({ role: 'student' });
  clientCookie.push(await t.login(u.email, u.password));
}
const counts = { ok: 0, busy: 0, failed: 0, hung: 0, hostile: 0 };
const latencies: number[] = [];
const deadline = performance.now() + SECONDS * 1000;
let stopHealth = false;
const busyHealth: number[] = [];
const healthLoop = (async () => {
  while (!stopHealth) busyHealth.push(...(await healthSamples(1, 100)));
})();
await Promise.all(
  Array.from({ length: clients }, async (_, k) => {
    let i = 0;
    while (performance.now() < deadline) {
      const hostile = k === 0 && i++ % 3 === 0;
      const body = hostile ? HOSTILE[i % HOSTILE.length]! : { language: 'c', code: HELLO.c };
      const t0 = performance.now();
      const abort = AbortSignal.timeout(60_000);
      try {
        const r = await fetch(`${base}/api/run`, {
          method: 'POST',
          headers: { cookie: clientCookie[k]!, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: abort,
        });
        const json = (await r.json()) as { run?: { stdout: string } };
        if (r.status === 429) {
          counts.busy++;
          await new Promise((res) => setTimeout(res, 200));
        } else if (hostile && r.ok) counts.hostile++;
        else if (r.ok && json.run?.stdout === 'hello\n') {
          counts.ok++;
          latencies.push(performance.now() - t0);
        } else counts.failed++;
      } catch {
        if (abort.aborted) counts.hung++;
        else counts.failed++;
      }
    }
  }),
);
stopHealth = true;
await healthLoop;
console.log(
  `Throughput: ${SECONDS} s saturated, ${clients} clients, concurrency ${config.runner.concurrency}, queue ${config.runner.queueLength}, one client sending hostile programs every third run`,
);
console.log(
  `  C hello runs ${counts.ok} (${(counts.ok / SECONDS).toFixed(2)} runs/s, p50 ${ms(pct(latencies, 0.5))}, p95 ${ms(pct(latencies, 0.95))})   hostile ${counts.hostile}   429 ${counts.busy}   failed ${counts.failed}   hung ${counts.hung}`,
);
console.log(
  `  GET /api/health idle p50 ${pct(idle, 0.5).toFixed(1)} ms p95 ${pct(idle, 0.95).toFixed(1)} ms   saturated p50 ${pct(busyHealth, 0.5).toFixed(1)} ms p95 ${pct(busyHealth, 0.95).toFixed(1)} ms max ${Math.max(...busyHealth).toFixed(1)} ms (${busyHealth.length} samples)`,
);
await t.close();

// 3. Noisy neighbour: other students' C hello while three students run a fork bomb, a memory hog and an
// endless interactive program (each student one program at a time, as the server allows), against the same
// students with no hostile runs, in this one process.
const NOISY_SECONDS = Number(process.env.BENCH_NOISY_SECONDS ?? 20);
const n = await createTestApp('sqlite', { RUNNER_RUNS_PER_MINUTE: '1000000' });
await n.app.listen({ port: 0, host: '127.0.0.1' });
const nBase = `127.0.0.1:${(n.app.server.address() as { port: number }).port}`;
const student = async () => {
  const u = await n.createUser({ role: 'student' });
  return n.login(u.email, u.password);
};
const others = await Promise.all([student(), student(), student()]);
const [bomber, hog, looper] = [await student(), await student(), await student()];
const postRun = async (c: string, body: object) => {
  const r = await fetch(`http://${nBase}/api/run`, {
    method: 'POST',
    headers: { cookie: c, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: r.status,
    json: (await r.json()) as { compile?: { timeMs: number } | null; run?: { stdout: string; limit: string | null; timeMs: number } },
  };
};
async function hellos(until: number) {
  const lat: number[] = [];
  const start = performance.now();
  /** When each run started (s into the phase) and how long it took: the slowest say what the tail is. */
  const at: { s: number; ms: number; compileMs: number; runMs: number }[] = [];
  let failed = 0;
  await Promise.all(
    others.map(async (c) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const r = await postRun(c, { language: 'c', code: HELLO.c });
        if (r.status === 200 && r.json.run?.stdout === 'hello\n') {
          lat.push(performance.now() - t0);
          at.push({ s: (t0 - start) / 1000, ms: performance.now() - t0, compileMs: r.json.compile?.timeMs ?? 0, runMs: r.json.run.timeMs });
        } else failed++;
      }
    }),
  );
  return { lat, failed, at };
}
async function hostileLoops(until: number) {
  const limits: Record<string, number> = {};
  const count = (l: string | null | undefined) => (limits[l ?? 'none'] = (limits[l ?? 'none'] ?? 0) + 1);
  const post = async (c: string, code: string) => {
    while (performance.now() < until) count((await postRun(c, { language: 'c', code })).json.run?.limit);
  };
  const interactive = async () => {
    while (performance.now() < until) {
      const ws = new WebSocket(`ws://${nBase}/api/run/ws`, { headers: { cookie: looper } });
      await new Promise<void>((resolve) => {
        ws.on('open', () => ws.send(JSON.stringify({ type: 'start', language: 'c', code: 'int main(void){ for(;;); }' })));
        ws.on('message', (d) => {
          const m = JSON.parse(String(d)) as { type: string; run?: { limit: string | null } };
          if (m.type === 'exit' || m.type === 'error') {
            count(`interactive ${m.run?.limit ?? m.type}`);
            ws.close();
          }
        });
        ws.on('close', () => resolve());
        setTimeout(() => ws.close(), Math.max(0, until - performance.now()));
      });
    }
  };
  // BENCH_NOISY_ONLY=bomb|hog|loop: one hostile program alone, to see which one a tail comes from.
  const only = process.env.BENCH_NOISY_ONLY;
  await Promise.all([
    !only || only === 'bomb' ? post(bomber, '#include <unistd.h>\nint main(void){ for(;;) fork(); }') : null,
    !only || only === 'hog'
      ? post(hog, '#include <stdlib.h>\n#include <string.h>\nint main(void){ for(;;){ char*p=malloc(1<<20); if(p) memset(p,1,1<<20); } }')
      : null,
    !only || only === 'loop' ? interactive() : null,
  ]);
  return limits;
}
await hellos(performance.now() + 3000); // warm up
const quiet = await hellos(performance.now() + NOISY_SECONDS * 1000);
const noisyUntil = performance.now() + NOISY_SECONDS * 1000;
const [noisy, hostileLimits] = await Promise.all([hellos(noisyUntil), hostileLoops(noisyUntil)]);
const p = (xs: number[], q: number) => pct(xs, q);
console.log(
  `Noisy neighbour: ${others.length} students running C hello for ${NOISY_SECONDS} s, alone and beside a fork bomb, a memory hog and an endless interactive run (scratch lane ${n.deps.config.runner.concurrency}, interactive lane ${n.deps.config.runner.interactiveConcurrency})`,
);
console.log(`  alone   p50 ${ms(p(quiet.lat, 0.5))} p99 ${ms(p(quiet.lat, 0.99))} (${quiet.lat.length} runs, ${quiet.failed} failed)`);
console.log(
  `  beside  p50 ${ms(p(noisy.lat, 0.5))} p99 ${ms(p(noisy.lat, 0.99))} (${noisy.lat.length} runs, ${noisy.failed} failed)   hostile runs by limit ${JSON.stringify(hostileLimits)}`,
);
const slowest = [...noisy.at].sort((a, b) => b.ms - a.ms).slice(0, 5);
console.log(
  `  slowest beside: ${slowest.map((x) => `${ms(x.ms)} at +${x.s.toFixed(1)} s (compile ${ms(x.compileMs)}, run ${ms(x.runMs)})`).join(', ')}`,
);
console.log(
  `  ratio   p50 ${(p(noisy.lat, 0.5) / p(quiet.lat, 0.5)).toFixed(2)}x  p99 ${(p(noisy.lat, 0.99) / p(quiet.lat, 0.99)).toFixed(2)}x  (goal: within 1.5x)`,
);
await n.close();
