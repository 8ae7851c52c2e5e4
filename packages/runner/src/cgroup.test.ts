import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { V1Cgroups, V2Cgroups, detectCgroups } from './cgroup.js';

/**
 * cgroup v2 cannot be exercised on these machines (their controllers are all bound to v1), so the v2 backend's
 * file protocol is checked against a folder laid out as the kernel lays out a v2 cgroup; v1 is exercised for
 * real by the hostile suites, which measure what each run held.
 */
describe('cgroup v2 backend', () => {
  const root = mkdtempSync(join(tmpdir(), 'learn-cg2-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the run limits as the kernel reads them and reads usage back', async () => {
    const cgroups = new V2Cgroups(root);
    const run = await cgroups.create({ memoryBytes: 320 * 1024 * 1024, processes: 64, cores: 1 });
    const dir = join(root, readdirSync(root)[0]!);
    expect(readFileSync(join(dir, 'memory.max'), 'utf8')).toBe(String(320 * 1024 * 1024));
    expect(readFileSync(join(dir, 'memory.swap.max'), 'utf8')).toBe('0');
    expect(readFileSync(join(dir, 'pids.max'), 'utf8')).toBe('64');
    expect(readFileSync(join(dir, 'cpu.max'), 'utf8')).toBe('100000 100000');
    expect(run.procsFiles).toEqual([join(dir, 'cgroup.procs')]);
    // What the kernel would have written by the end of a fork bomb that also hit the memory limit.
    writeFileSync(join(dir, 'cpu.stat'), 'usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n');
    writeFileSync(join(dir, 'pids.events'), 'max 317\n');
    writeFileSync(join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n');
    writeFileSync(join(dir, 'memory.peak'), String(300 * 1024 * 1024));
    expect(await run.poll()).toEqual({ cpuMs: 2500, forksRefused: 317 });
    expect(await run.usage()).toEqual({ cpuMs: 2500, memoryPeakBytes: 300 * 1024 * 1024, oomKilled: true, processLimitHit: true });
    await run.lowerPriority();
    expect(readFileSync(join(dir, 'cpu.weight'), 'utf8')).toBe('6');
  });

  it("starts a run at the small CPU weight when asked (the student's last run hit a limit)", async () => {
    const cgroups = new V2Cgroups(root);
    const before = new Set(readdirSync(root));
    await cgroups.create({ memoryBytes: 64 * 1024 * 1024, processes: 64, cores: 1, low: 'weight' });
    const dir = join(
      root,
      readdirSync(root).find((d) => !before.has(d))!,
    );
    expect(readFileSync(join(dir, 'cpu.weight'), 'utf8')).toBe('6');
  });

  it('is not used when the machine does not delegate its controllers, and says why', async () => {
    const detected = await detectCgroups('v2');
    if (detected.cgroups) {
      // A machine that does delegate v2 (not these): then it is used.
      expect(detected.cgroups.version).toBe('v2');
    } else expect(detected.reason).toMatch(/^runs are limited per process only \(cgroup v2: /);
  });
});

describe('cgroup v1 backend (these machines)', () => {
  it('gives a run the full CPU share, or holds it back from its start when asked', async () => {
    const detected = await detectCgroups('v1');
    expect(detected.cgroups, detected.reason ?? '').not.toBeNull();
    const cpu = async (low?: 'weight' | 'quota') => {
      const run = await detected.cgroups!.create({ memoryBytes: 64 * 1024 * 1024, processes: 16, cores: 1, low });
      try {
        const cpuDir = run.procsFiles.map(dirname).find((d) => existsSync(join(d, 'cpu.shares')))!;
        const read = (f: string) => readFileSync(join(cpuDir, f), 'utf8').trim();
        const before = { shares: read('cpu.shares'), quota: read('cpu.cfs_quota_us') };
        // A fork bomb's forks refused: held to a small quota (never starved by a small weight).
        await run.holdBack();
        return { ...before, heldBack: read('cpu.cfs_quota_us') };
      } finally {
        await run.destroy();
      }
    };
    expect(await cpu()).toEqual({ shares: '1024', quota: '100000', heldBack: '10000' });
    expect(await cpu('weight')).toEqual({ shares: '64', quota: '100000', heldBack: '10000' });
    expect(await cpu('quota')).toEqual({ shares: '1024', quota: '10000', heldBack: '10000' });
  });

  it('fits a run under a parent held to less than its quota (a container or slice held to half a core)', async () => {
    const own = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .map((l) => l.split(':'))
      .find(([, c]) => c !== undefined && c.split(',').includes('cpu'))?.[2];
    const mount = '/sys/fs/cgroup/cpu';
    expect(own, 'no cgroup v1 cpu hierarchy').toBeDefined();
    const parent = join(mount, own!, `learn-test-held-${process.pid}`);
    mkdirSync(parent);
    writeFileSync(join(parent, 'cpu.cfs_quota_us'), '50000');
    const roots = {
      memory: join('/sys/fs/cgroup/memory', own!),
      pids: join('/sys/fs/cgroup/pids', own!),
      cpu: parent,
      cpuacct: join('/sys/fs/cgroup/cpuacct', own!),
    };
    try {
      const cgroups = new V1Cgroups(roots);
      const run = await cgroups.create({ memoryBytes: 64 * 1024 * 1024, processes: 16, cores: 1 });
      const cpuDir = run.procsFiles.map(dirname).find((d) => d.startsWith(parent))!;
      try {
        expect(readFileSync(join(cpuDir, 'cpu.cfs_quota_us'), 'utf8').trim()).toBe('50000');
        await run.holdBack();
        expect(readFileSync(join(cpuDir, 'cpu.cfs_quota_us'), 'utf8').trim()).toBe('10000');
      } finally {
        await run.destroy();
      }
    } finally {
      rmdirSync(parent);
    }
  });
});
