import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * One cgroup per run, as isolate accounts a box: memory (shared memory, memfd and tmpfs pages included, no
 * swap), processes and threads, and CPU (a quota of cores and the CPU time of the whole process tree) hold
 * for everything the run starts, not per process. cgroup v2 where the machine delegates its controllers to
 * us; cgroup v1's memory, pids and cpu(acct) hierarchies where it does not. Where neither can be used, the
 * runner keeps the per-process rlimits alone and says so (status and /api/health).
 */
export interface CgroupLimits {
  memoryBytes: number;
  processes: number;
  /** CPU bandwidth of the whole run, in cores (1 = one core at most, however many processes). */
  cores: number;
  /**
   * The student's last run hit a limit: start held back. 'weight': the small CPU share (a compile: others'
   * runs go first when the CPU is wanted); 'quota': the small CPU quota (a program: at most FORKING_CORES).
   */
  low?: 'weight' | 'quota';
}

export interface CgroupUsage {
  /** CPU time of every process of the run together. */
  cpuMs: number;
  /** The most memory the run held at once, as the kernel charged it (null when the kernel does not say). */
  memoryPeakBytes: number | null;
  /** The kernel's OOM killer ended a process of the run (its memory limit was hit). */
  oomKilled: boolean;
  /** A fork or thread creation was refused at the process limit. */
  processLimitHit: boolean;
}

export interface RunCgroup {
  /** The files a process writes its pid to (one per v1 hierarchy, one for v2) to join the run's cgroup. */
  procsFiles: string[];
  usage(): Promise<CgroupUsage>;
  /** CPU time so far and refused forks so far, cheaply (polled while the run goes). */
  poll(): Promise<{ cpuMs: number; forksRefused: number }>;
  /** Gives the run a small CPU share from now on (it has been busy a while): short runs beside it go first. */
  lowerPriority(): Promise<void>;
  /** Leaves the run a small CPU quota (its forks are refused: a fork bomb, about to be stopped). */
  holdBack(): Promise<void>;
  /** Kills every process still in the cgroup, then removes it. */
  destroy(): Promise<void>;
}

export interface Cgroups {
  version: 'v1' | 'v2';
  create(limits: CgroupLimits): Promise<RunCgroup>;
}

const PERIOD_US = 100_000;
/** The CPU share of a run that has been busy a while, against 1024 (v1 shares) / 100 (v2 weight) for a new one. */
const LOW_SHARES = 64;
const LOW_WEIGHT = 6;
/**
 * The CPU bandwidth left to a run whose forks are being refused (a fork bomb until it is stopped), and to the
 * programs of a student whose last run hit a limit, in cores.
 * A quota, not a small weight: a weight can starve a process for as long as others want the CPU, and a
 * starved process in the middle of fork() or exit() holds the kernel's cgroup lock that every other run needs
 * to join its cgroup (measured: hellos stalled for seconds behind a low-weight fork bomb). A quota holds it
 * back at most one period (100 ms) at a time.
 */
const FORKING_CORES = 0.1;

async function read(file: string): Promise<string> {
  return (await readFile(file, 'utf8')).trim();
}

function keyed(text: string, key: string): number {
  const m = new RegExp(`^${key} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills whatever is left in a cgroup (v1 has no cgroup.kill) and removes it, retrying while it empties. */
async function killAndRemove(dirs: string[], kill: () => Promise<void>) {
  for (let attempt = 0; attempt < 50; attempt++) {
    await kill();
    let left = 0;
    for (const dir of dirs) {
      try {
        await rmdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') left++;
      }
    }
    if (left === 0) return;
    await sleep(20);
  }
}

async function killProcs(procsFile: string) {
  let pids: string[];
  try {
    pids = (await read(procsFile)).split('\n').filter(Boolean);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * The most CPU bandwidth a cgroup under `dir` may be given, in cores: cgroup v1 refuses (EINVAL) a quota above
 * an ancestor's, as when the server or worker runs in a container or a slice held to half a core. Read at each
 * run, so that a limit changed while the process runs is followed.
 */
async function v1QuotaCeiling(dir: string): Promise<number> {
  let ceiling = Infinity;
  for (let d = dir; ; d = dirname(d)) {
    let quota: number;
    let period: number;
    try {
      [quota, period] = [Number(await read(join(d, 'cpu.cfs_quota_us'))), Number(await read(join(d, 'cpu.cfs_period_us')))];
    } catch {
      break; // above the hierarchy's root
    }
    if (quota > 0 && period > 0) ceiling = Math.min(ceiling, quota / period);
    if (dirname(d) === d) break;
  }
  return ceiling;
}

let counter = 0;
const runName = () => `run-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** cgroup v1: a directory per run in each of the memory, pids, cpu and cpuacct hierarchies. */
export class V1Cgroups implements Cgroups {
  readonly version = 'v1';
  constructor(private readonly roots: { memory: string; pids: string; cpu: string; cpuacct: string }) {}

  async create(limits: CgroupLimits): Promise<RunCgroup> {
    const name = runName();
    const dir = {
      memory: join(this.roots.memory, name),
      pids: join(this.roots.pids, name),
      cpu: join(this.roots.cpu, name),
      cpuacct: join(this.roots.cpuacct, name),
    };
    const dirs = [...new Set(Object.values(dir))];
    const cores = Math.min(limits.cores, await v1QuotaCeiling(this.roots.cpu));
    const heldBack = String(Math.max(1000, Math.round(Math.min(cores, FORKING_CORES) * PERIOD_US)));
    for (const d of dirs) await mkdir(d);
    try {
      await writeFile(join(dir.memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      // No swap: memory plus swap may not exceed the memory limit (the file exists with swap accounting).
      if (existsSync(join(dir.memory, 'memory.memsw.limit_in_bytes')))
        await writeFile(join(dir.memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes));
      await writeFile(join(dir.memory, 'memory.swappiness'), '0').catch(() => {});
      await writeFile(join(dir.pids, 'pids.max'), String(limits.processes));
      await writeFile(join(dir.cpu, 'cpu.cfs_period_us'), String(PERIOD_US));
      await writeFile(join(dir.cpu, 'cpu.cfs_quota_us'), String(Math.round(cores * PERIOD_US)));
      if (limits.low === 'weight') await writeFile(join(dir.cpu, 'cpu.shares'), String(LOW_SHARES));
      if (limits.low === 'quota') await writeFile(join(dir.cpu, 'cpu.cfs_quota_us'), heldBack);
    } catch (err) {
      await killAndRemove(dirs, async () => {});
      throw err;
    }
    const cpuMs = async () => Math.round(Number(await read(join(dir.cpuacct, 'cpuacct.usage'))) / 1e6);
    return {
      procsFiles: dirs.map((d) => join(d, 'cgroup.procs')),
      poll: async () => ({ cpuMs: await cpuMs(), forksRefused: keyed(await read(join(dir.pids, 'pids.events')), 'max') }),
      lowerPriority: () => writeFile(join(dir.cpu, 'cpu.shares'), String(LOW_SHARES)),
      holdBack: () => writeFile(join(dir.cpu, 'cpu.cfs_quota_us'), heldBack),
      usage: async () => ({
        cpuMs: await cpuMs(),
        memoryPeakBytes: Number(await read(join(dir.memory, 'memory.max_usage_in_bytes'))),
        oomKilled: keyed(await read(join(dir.memory, 'memory.oom_control')), 'oom_kill') > 0,
        processLimitHit: keyed(await read(join(dir.pids, 'pids.events')), 'max') > 0,
      }),
      destroy: () => killAndRemove(dirs, () => killProcs(join(dir.pids, 'cgroup.procs'))),
    };
  }
}

/** cgroup v2: one directory per run under a cgroup whose memory, pids and cpu controllers are ours. */
export class V2Cgroups implements Cgroups {
  readonly version = 'v2';
  constructor(private readonly root: string) {}

  async create(limits: CgroupLimits): Promise<RunCgroup> {
    const dir = join(this.root, runName());
    await mkdir(dir);
    try {
      await writeFile(join(dir, 'memory.max'), String(limits.memoryBytes));
      await writeFile(join(dir, 'memory.swap.max'), '0').catch(() => {});
      await writeFile(join(dir, 'pids.max'), String(limits.processes));
      await writeFile(join(dir, 'cpu.max'), `${Math.round(limits.cores * PERIOD_US)} ${PERIOD_US}`);
      if (limits.low === 'weight') await writeFile(join(dir, 'cpu.weight'), String(LOW_WEIGHT));
      if (limits.low === 'quota')
        await writeFile(join(dir, 'cpu.max'), `${Math.round(Math.min(limits.cores, FORKING_CORES) * PERIOD_US)} ${PERIOD_US}`);
    } catch (err) {
      await killAndRemove([dir], async () => {});
      throw err;
    }
    const cpuMs = async () => Math.round(keyed(await read(join(dir, 'cpu.stat')), 'usage_usec') / 1000);
    return {
      procsFiles: [join(dir, 'cgroup.procs')],
      poll: async () => ({ cpuMs: await cpuMs(), forksRefused: keyed(await read(join(dir, 'pids.events')), 'max') }),
      lowerPriority: () => writeFile(join(dir, 'cpu.weight'), String(LOW_WEIGHT)),
      holdBack: () => writeFile(join(dir, 'cpu.max'), `${Math.round(Math.min(limits.cores, FORKING_CORES) * PERIOD_US)} ${PERIOD_US}`),
      usage: async () => ({
        cpuMs: await cpuMs(),
        memoryPeakBytes: existsSync(join(dir, 'memory.peak')) ? Number(await read(join(dir, 'memory.peak'))) : null,
        oomKilled: keyed(await read(join(dir, 'memory.events')), 'oom_kill') > 0,
        processLimitHit: keyed(await read(join(dir, 'pids.events')), 'max') > 0,
      }),
      destroy: () =>
        killAndRemove([dir], async () => {
          await writeFile(join(dir, 'cgroup.kill'), '1').catch(() => killProcs(join(dir, 'cgroup.procs')));
        }),
    };
  }
}

export interface CgroupDetection {
  cgroups: Cgroups | null;
  /** Why runs are not accounted per cgroup here (null when they are). */
  reason: string | null;
}

/** The path of this process's cgroup in each v1 hierarchy (by controller) and in v2 (key ''). */
function ownCgroups(): Map<string, string> {
  const own = new Map<string, string>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, path] = line.split(':');
    if (controllers === undefined || path === undefined) continue;
    for (const c of controllers === '' ? [''] : controllers.split(',')) own.set(c, path);
  }
  return own;
}

/** Where each v1 controller is mounted, and the v2 mount, from /proc/self/mountinfo. */
function mounts(): { v1: Map<string, string>; v2: string | null } {
  const v1 = new Map<string, string>();
  let v2: string | null = null;
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right) continue;
    const mountPoint = left.split(' ')[4]!;
    const [fstype, , superOptions = ''] = right.split(' ');
    if (fstype === 'cgroup2') v2 ??= mountPoint;
    else if (fstype === 'cgroup') for (const opt of superOptions.split(',')) v1.set(opt, mountPoint);
  }
  return { v1, v2 };
}

async function writable(dir: string, probe: string): Promise<void> {
  const test = join(dir, probe);
  await mkdir(test);
  await rmdir(test);
}

/** Removes what a server that died left behind: run cgroups of processes that no longer exist. */
function removeStale(parent: string) {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const e of entries) {
    const m = /^learn-(\d+)$/.exec(e);
    if (!m || existsSync(`/proc/${m[1]}`)) continue;
    const base = join(parent, e);
    try {
      for (const run of readdirSync(base)) if (run.startsWith('run-')) void rmdir(join(base, run)).catch(() => {});
      void sleep(200).then(() => rmdir(base).catch(() => {}));
    } catch {
      // not ours to clean
    }
  }
}

/**
 * Finds a cgroup hierarchy this process may manage. Runs get their cgroups under `learn-<pid>` beside this
 * process's own cgroup, so that a limit the machine puts on the server (a container, a systemd slice) still
 * bounds them. Set `RUNNER_CGROUP=off` to use the rlimits alone.
 */
export async function detectCgroups(setting: 'auto' | 'v1' | 'v2' | 'off' = 'auto'): Promise<CgroupDetection> {
  if (setting === 'off')
    return { cgroups: null, reason: 'runs are limited per process only (per-run cgroups are switched off: RUNNER_CGROUP=off)' };
  if (process.platform !== 'linux') return { cgroups: null, reason: 'per-run cgroups need Linux' };
  const own = ownCgroups();
  const { v1, v2 } = mounts();
  const problems: string[] = [];
  const name = `learn-${process.pid}`;

  if (v2 && setting !== 'v1') {
    try {
      const base = join(v2, own.get('') ?? '/');
      const controllers = (await read(join(v2, 'cgroup.controllers')).catch(() => '')).split(' ');
      const ownControllers = (await read(join(base, 'cgroup.controllers')).catch(() => '')).split(' ');
      const needed = ['memory', 'pids', 'cpu'];
      if (!needed.every((c) => controllers.includes(c) && ownControllers.includes(c)))
        throw new Error(`the v2 tree does not delegate ${needed.filter((c) => !ownControllers.includes(c)).join(', ')} to this process`);
      removeStale(base);
      const root = join(base, name);
      await mkdir(root, { recursive: true });
      // v2 lets a cgroup hand controllers to its children only if it holds no process itself.
      const enable = async (dir: string) => writeFile(join(dir, 'cgroup.subtree_control'), '+memory +pids +cpu');
      try {
        await enable(base);
      } catch {
        const server = join(base, 'learn-server');
        await mkdir(server, { recursive: true });
        await writeFile(join(server, 'cgroup.procs'), String(process.pid));
        await enable(base);
      }
      await enable(root);
      await writable(root, `probe-${randomUUID()}`);
      return { cgroups: new V2Cgroups(root), reason: null };
    } catch (err) {
      problems.push(`cgroup v2: ${(err as Error).message}`);
    }
  }

  if (setting !== 'v2') {
    const want = { memory: v1.get('memory'), pids: v1.get('pids'), cpu: v1.get('cpu'), cpuacct: v1.get('cpuacct') };
    const missing = Object.entries(want)
      .filter(([, m]) => !m)
      .map(([c]) => c);
    if (missing.length) problems.push(`cgroup v1: no ${missing.join(', ')} hierarchy is mounted`);
    else {
      try {
        const roots = {} as Record<keyof typeof want, string>;
        for (const c of Object.keys(want) as (keyof typeof want)[]) {
          const base = join(want[c]!, own.get(c) ?? '/');
          removeStale(base);
          roots[c] = join(base, name);
          await mkdir(roots[c], { recursive: true });
          await writable(roots[c], `probe-${randomUUID()}`);
        }
        return { cgroups: new V1Cgroups(roots), reason: null };
      } catch (err) {
        problems.push(`cgroup v1: ${(err as Error).message}`);
      }
    }
  }
  return {
    cgroups: null,
    reason: `runs are limited per process only (${problems.join('; ') || 'no cgroup hierarchy found'})`,
  };
}
