// What the machine needs from Debian's packages, shared by `npm test` (scripts/ensure-test-tools.mjs: the
// tests' tools) and `npm start` (scripts/start.mjs: what code running needs). As root on Debian the missing
// packages are installed with apt-get; otherwise the caller stops with the one command that installs them.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';

/** What code running needs: bubblewrap, setpriv and prlimit, and the compilers and interpreter it runs. */
export function runnerTools(env = process.env) {
  return [
    { pkg: 'bubblewrap', files: [env.RUNNER_BWRAP_PATH || '/usr/bin/bwrap'] },
    { pkg: 'util-linux', files: ['/usr/bin/setpriv', '/usr/bin/prlimit'] },
    { pkg: 'gcc', files: ['gcc'] },
    { pkg: 'g++', files: ['g++'] },
    { pkg: 'python3', files: ['python3'] },
  ];
}

/** An absolute path must exist; a bare name must be on PATH. */
export function hasFile(file, env = process.env, exists = existsSync) {
  if (file.includes('/')) return exists(file);
  return (env.PATH ?? '').split(delimiter).some((dir) => dir && exists(join(dir, file)));
}

export function missingPackages(tools, has) {
  return tools.filter((t) => !t.files.every((f) => has(f))).map((t) => t.pkg);
}

export function installCommand(missing, asRoot) {
  const sudo = asRoot ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(' ')}`;
}

/**
 * What to do: nothing when all is there; install when root on Debian; otherwise stop with `needs` (what
 * needs the packages), the command (the Debian one; elsewhere the same packages from the system's own
 * package manager) and, when given, `orElse` (how to go on without them).
 * @param {{ missing: string[]; isRoot: boolean; isDebian: boolean; needs?: string; orElse?: string }} o
 * @returns {{ action: 'ok' | 'install' | 'stop'; packages?: string[]; message?: string }}
 */
export function decide({ missing, isRoot, isDebian, needs = 'The tests need', orElse }) {
  if (missing.length === 0) return { action: 'ok' };
  if (isRoot && isDebian) return { action: 'install', packages: missing };
  const where = isDebian ? 'Run' : 'This is not Debian: install the same packages with your package manager, on Debian';
  return {
    action: 'stop',
    message: `${needs} these packages, which are missing: ${missing.join(', ')}.\n${where}:\n  ${installCommand(missing, isRoot)}${orElse ? `\n${orElse}` : ''}`,
  };
}

export function isDebianSystem(exists = existsSync, read = (p) => readFileSync(p, 'utf8')) {
  if (exists('/etc/debian_version')) return true;
  try {
    return /^ID(_LIKE)?=.*\bdebian\b/m.test(read('/etc/os-release'));
  } catch {
    return false;
  }
}

/** apt-get update and install, quietly; returns an error sentence or null. */
export function aptInstall(packages, stdio = 'inherit') {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio, env });
    if (r.status !== 0) return `apt-get ${args[0]} failed; run: ${installCommand(packages, true)}`;
  }
  return null;
}
