// `npm test` runs this first: the tests need real tools (Chromium for the end-to-end tests, bubblewrap,
// setpriv and prlimit for the sandboxed runner, gcc, g++ and python3 for the programs it runs). As root on
// Debian the missing ones are installed with apt-get; otherwise it stops at once with the one command to run.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each Debian package and the files the tests use from it. */
export function requiredTools(env = process.env) {
  return [
    { pkg: 'chromium', files: [env.CHROMIUM_PATH ?? '/usr/bin/chromium'] },
    { pkg: 'bubblewrap', files: ['/usr/bin/bwrap'] },
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
 * What to do: nothing when all is there; install when root on Debian; otherwise stop with the command
 * (the Debian one; on another system the same packages from its own package manager).
 */
export function decide({ missing, isRoot, isDebian }) {
  if (missing.length === 0) return { action: 'ok' };
  if (isRoot && isDebian) return { action: 'install', packages: missing };
  const where = isDebian ? 'Run' : 'This is not Debian: install the same packages with your package manager, on Debian';
  return {
    action: 'stop',
    message: `The tests need these packages, which are missing: ${missing.join(', ')}.\n${where}:\n  ${installCommand(missing, isRoot)}`,
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

function main() {
  const tools = requiredTools();
  const has = (f) => hasFile(f);
  const missing = missingPackages(tools, has);
  const decision = decide({ missing, isRoot: process.getuid?.() === 0, isDebian: isDebianSystem() });
  if (decision.action === 'ok') return;
  if (decision.action === 'stop') {
    console.error(decision.message);
    process.exit(1);
  }
  console.log(`Installing the packages the tests need: ${decision.packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...decision.packages],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args[0]} failed; run: ${installCommand(decision.packages, true)}`);
      process.exit(r.status ?? 1);
    }
  }
  const still = missingPackages(tools, has);
  if (still.length) {
    console.error(`Still missing after apt-get: ${still.join(', ')} (is CHROMIUM_PATH right?)`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
