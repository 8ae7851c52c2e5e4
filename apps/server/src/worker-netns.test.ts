import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../test/harness.js';
import { startWorker } from '../test/workers.js';

/**
 * Issue 29, across hosts: two runner workers in network namespaces of their own, each with a veth pair and
 * its own addresses, reach Redis over those addresses (a TCP relay on each host-side address to the local
 * Redis). Cutting one namespace's link mid-run moves its runs to the other. Set up and torn down here, as root.
 */
const url = process.env.TEST_REDIS_URL;
const root = process.getuid?.() === 0;
if (process.env.CI === 'true' && (!url || !root)) throw new Error('CI=true: the cross-host worker test needs TEST_REDIS_URL and root.');

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });

interface Host {
  ns: string;
  hostSide: string;
  hostAddress: string;
  relay: Server;
  sockets: Set<Socket>;
  worker?: ChildProcess & { output: string[] };
}

describe.runIf(url && root)('runner workers on two hosts (network namespaces)', () => {
  const prefix = `test:runs:${randomUUID()}`;
  const tag = `${process.pid % 1000}${randomInt(100, 999)}`;
  // Collected even when skipped: no URL to parse then.
  const redis = new URL(url ?? 'redis://127.0.0.1:6379');
  const hosts: Host[] = [];
  const students: string[] = [];
  let t: TestApp;

  /** A namespace, a veth pair 10.230.N.1 (here) - 10.230.N.2 (there), and a relay to Redis on 10.230.N.1. */
  async function host(name: string, subnet: number): Promise<Host> {
    const ns = `lw29-${tag}-${name}`;
    const hostSide = `lw${tag}${name}h`;
    const nsSide = `lw${tag}${name}n`;
    const hostAddress = `10.230.${subnet}.1`;
    ip('netns', 'add', ns);
    const h: Host = { ns, hostSide, hostAddress, relay: createServer(), sockets: new Set() };
    hosts.push(h);
    ip('link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide);
    ip('link', 'set', nsSide, 'netns', ns);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', hostSide);
    ip('link', 'set', hostSide, 'up');
    ip('-n', ns, 'addr', 'add', `10.230.${subnet}.2/30`, 'dev', nsSide);
    ip('-n', ns, 'link', 'set', nsSide, 'up');
    ip('-n', ns, 'link', 'set', 'lo', 'up');
    h.relay.on('connection', (client) => {
      const upstream = connect(Number(redis.port || 6379), redis.hostname);
      for (const s of [client, upstream]) {
        h.sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => h.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => h.relay.listen(6379, hostAddress, resolve));
    return h;
  }

  beforeAll(async () => {
    const subnet = randomInt(1, 250);
    const [a, b] = [await host('a', subnet), await host('b', (subnet + 1) % 250)];
    const env = (h: Host) => ({
      REDIS_URL: `redis://${h.hostAddress}:6379`,
      RUNNER_QUEUE_PREFIX: prefix,
      RUNNER_WORKER_LOCK_SECONDS: '2',
      RUNNER_CONCURRENCY: '2',
    });
    [a!.worker, b!.worker] = await Promise.all([
      startWorker(env(a!), ['ip', 'netns', 'exec', a!.ns]),
      startWorker(env(b!), ['ip', 'netns', 'exec', b!.ns]),
    ]);
    t = await createTestApp('sqlite', { REDIS_URL: url!, RUNNER_QUEUE_PREFIX: prefix, RUNNER_RUNS_PER_MINUTE: '100' });
    await t.services.runner.queued!.ready();
    for (let i = 0; i < 5; i++) {
      const s = await t.createUser({ role: 'student' });
      students.push(await t.login(s.email, s.password));
    }
  }, 90_000);

  afterAll(async () => {
    for (const h of hosts) {
      if (h.worker?.exitCode === null) h.worker.kill('SIGKILL');
      h.sockets.forEach((s) => s.destroy());
      h.relay.close();
      try {
        ip('netns', 'del', h.ns); // takes its end of the veth pair, and so the pair, with it
      } catch {
        /* already gone */
      }
      try {
        ip('link', 'del', h.hostSide);
      } catch {
        /* gone with the namespace */
      }
    }
    await t?.close();
    const r = new Redis(url!);
    const stale = await r.keys(`${prefix}:*`);
    if (stale.length) await r.del(...stale);
    r.disconnect();
  });

  const post = (i: number, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/run', payload, headers: { cookie: students[i]! } });

  it('both workers do runs over their own addresses; cutting one link moves its runs to the other', async () => {
    const r = new Redis(url!);
    const figures = async () =>
      Object.values(await r.hgetall(`${prefix}:workers`)).map((w) => JSON.parse(w) as { host: string; active: number; runs: number });
    expect(await figures()).toHaveLength(2);
    const runs = [0, 1, 2, 3, 4].map((i) =>
      post(i, { language: 'python', code: `import time\ntime.sleep(1.5)\nprint("run ${i}")\n`, stdin: '' }),
    );
    while (!(await figures()).every((w) => w.active > 0)) await new Promise((res) => setTimeout(res, 50));
    // Host a loses its network: its link goes down and its open connections to Redis with it.
    ip('link', 'set', hosts[0]!.hostSide, 'down');
    hosts[0]!.sockets.forEach((s) => s.destroy());
    const results = await Promise.all(runs);
    expect(results.map((res) => res.json().run?.stdout)).toEqual([0, 1, 2, 3, 4].map((i) => `run ${i}\n`));
    expect(await t.services.runner.queued!.stats()).toMatchObject({ waiting: 0, active: 0 });
    r.disconnect();
  }, 60_000);
});
