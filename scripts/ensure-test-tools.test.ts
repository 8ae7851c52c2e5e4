import { describe, expect, it } from 'vitest';
import { decide, hasFile, isDebianSystem, missingPackages, requiredTools } from './ensure-test-tools.mjs';

const all = ['/usr/bin/chromium', '/usr/bin/bwrap', '/usr/bin/setpriv', '/usr/bin/prlimit', '/bin/gcc', '/bin/g++', '/bin/python3'];
const env = { PATH: '/bin' };
const onDisk = (files: string[]) => (f: string) => hasFile(f, env, (p) => files.includes(String(p)));

describe('ensure-test-tools', () => {
  it.each([
    [all, []],
    [all.filter((f) => f !== '/usr/bin/chromium'), ['chromium']],
    [all.filter((f) => f !== '/usr/bin/prlimit'), ['util-linux']],
    [
      ['/usr/bin/chromium', '/bin/python3'],
      ['bubblewrap', 'util-linux', 'gcc', 'g++'],
    ],
  ])('finds the missing packages (%#)', (files, missing) => {
    expect(missingPackages(requiredTools(env), onDisk(files))).toEqual(missing);
  });

  it('looks for Chromium where CHROMIUM_PATH says', () => {
    const tools = requiredTools({ ...env, CHROMIUM_PATH: '/opt/chrome' });
    expect(missingPackages(tools, onDisk(all))).toEqual(['chromium']);
    expect(missingPackages(tools, onDisk([...all, '/opt/chrome']))).toEqual([]);
  });

  it.each([
    [{ missing: [], isRoot: false, isDebian: false }, { action: 'ok' }],
    [
      { missing: ['chromium', 'bubblewrap'], isRoot: true, isDebian: true },
      { action: 'install', packages: ['chromium', 'bubblewrap'] },
    ],
  ])('decides what to do (%#)', (input, expected) => {
    expect(decide(input)).toEqual(expected);
  });

  it('stops with the one command when it cannot install', () => {
    const user = decide({ missing: ['chromium', 'g++'], isRoot: false, isDebian: true });
    expect(user.action).toBe('stop');
    expect(user.message).toContain('sudo apt-get update && sudo apt-get install -y chromium g++');
    const other = decide({ missing: ['bubblewrap'], isRoot: true, isDebian: false });
    expect(other.action).toBe('stop');
    expect(other.message).toContain('not Debian');
    expect(other.message).toContain('apt-get update && apt-get install -y bubblewrap');
  });

  it('recognises Debian by /etc/debian_version or os-release', () => {
    expect(
      isDebianSystem(
        (p) => p === '/etc/debian_version',
        () => '',
      ),
    ).toBe(true);
    expect(
      isDebianSystem(
        () => false,
        () => 'ID=ubuntu\nID_LIKE=debian\n',
      ),
    ).toBe(true);
    expect(
      isDebianSystem(
        () => false,
        () => 'ID=fedora\n',
      ),
    ).toBe(false);
  });
});
