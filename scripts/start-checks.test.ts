import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeRunningDecision, webBuildIsStale } from './start-checks.mjs';
import { missingPackages, runnerTools, hasFile } from './system-packages.mjs';

/** Issue 25 ("on from the first start") and issue 31 (upgrades): what `npm start` decides before it runs. */
describe('code running at npm start', () => {
  const all = ['/usr/bin/bwrap', '/usr/bin/setpriv', '/usr/bin/prlimit', '/bin/gcc', '/bin/g++', '/bin/python3'];
  const env = { PATH: '/bin' };
  const onDisk = (files: string[]) => (f: string) => hasFile(f, env, (p) => files.includes(String(p)));

  it('finds what code running lacks (and looks for bubblewrap where RUNNER_BWRAP_PATH says)', () => {
    expect(missingPackages(runnerTools(env), onDisk(all))).toEqual([]);
    expect(missingPackages(runnerTools(env), onDisk(['/bin/python3']))).toEqual(['bubblewrap', 'util-linux', 'gcc', 'g++']);
    expect(missingPackages(runnerTools({ ...env, RUNNER_BWRAP_PATH: '/opt/bwrap' }), onDisk(all))).toEqual(['bubblewrap']);
  });

  it('goes on when nothing is missing, installs as root on Debian', () => {
    expect(codeRunningDecision({ missing: [], isRoot: false, isDebian: true, env: {} })).toEqual({ action: 'ok' });
    expect(codeRunningDecision({ missing: ['bubblewrap', 'gcc'], isRoot: true, isDebian: true, env: {} })).toEqual({
      action: 'install',
      packages: ['bubblewrap', 'gcc'],
    });
  });

  it('not as root: stops with the one command that installs it and the way to go on without code running', () => {
    const d = codeRunningDecision({ missing: ['bubblewrap', 'util-linux'], isRoot: false, isDebian: true, env: {} });
    expect(d.action).toBe('stop');
    expect(d.message).toContain(
      'Code running (the Run button, homework checks, exam tests) needs these packages, which are missing: bubblewrap, util-linux.',
    );
    expect(d.message).toContain('sudo apt-get update && sudo apt-get install -y bubblewrap util-linux');
    expect(d.message).toContain('LEARN_NO_CODE_RUNNING=1 npm start');
    const other = codeRunningDecision({ missing: ['gcc'], isRoot: true, isDebian: false, env: {} });
    expect(other.action).toBe('stop');
    expect(other.message).toContain('not Debian');
  });

  it('LEARN_NO_CODE_RUNNING=1 goes on without code running, saying what is missing', () => {
    expect(codeRunningDecision({ missing: ['bubblewrap'], isRoot: false, isDebian: true, env: { LEARN_NO_CODE_RUNNING: '1' } })).toEqual({
      action: 'skip',
      missing: ['bubblewrap'],
    });
    expect(codeRunningDecision({ missing: [], isRoot: false, isDebian: true, env: { LEARN_NO_CODE_RUNNING: '1' } })).toEqual({
      action: 'ok',
    });
  });
});

describe('web build staleness', () => {
  const root = mkdtempSync(join(tmpdir(), 'learn-stale-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const file = (path: string, seconds: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), 'x');
    utimesSync(join(root, path), seconds, seconds);
  };

  it('is stale without a build, fresh after one, stale again when a source (web or shared) changes', () => {
    file('apps/web/src/main.tsx', 1000);
    file('packages/shared/src/index.ts', 1000);
    file('apps/web/index.html', 1000);
    expect(webBuildIsStale(root)).toBe(true);
    file('apps/web/dist/index.html', 2000);
    expect(webBuildIsStale(root)).toBe(false);
    file('apps/web/src/features/chat/page.tsx', 3000); // a git pull brought a new page
    expect(webBuildIsStale(root)).toBe(true);
    file('apps/web/dist/index.html', 4000);
    expect(webBuildIsStale(root)).toBe(false);
    file('packages/shared/src/schemas.ts', 5000);
    expect(webBuildIsStale(root)).toBe(true);
    file('apps/web/dist/index.html', 6000);
    file('apps/web/node_modules/x/index.js', 7000); // not a source
    expect(webBuildIsStale(root)).toBe(false);
  });
});
