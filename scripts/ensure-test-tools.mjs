// `npm test` runs this first: the tests need real tools (Chromium for the end-to-end tests, and what code
// running needs: bubblewrap, setpriv and prlimit, gcc, g++ and python3). As root on Debian the missing ones
// are installed with apt-get; otherwise it stops at once with the one command to run. The checks are shared
// with `npm start` (scripts/system-packages.mjs).
import { fileURLToPath } from 'node:url';
import { aptInstall, decide, hasFile, isDebianSystem, missingPackages, runnerTools } from './system-packages.mjs';

export { decide, hasFile, isDebianSystem, missingPackages } from './system-packages.mjs';

/** Each Debian package and the files the tests use from it. */
export function requiredTools(env = process.env) {
  return [{ pkg: 'chromium', files: [env.CHROMIUM_PATH ?? '/usr/bin/chromium'] }, ...runnerTools({ ...env, RUNNER_BWRAP_PATH: '' })];
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
  const failed = aptInstall(decision.packages);
  if (failed) {
    console.error(failed);
    process.exit(1);
  }
  const still = missingPackages(tools, has);
  if (still.length) {
    console.error(`Still missing after apt-get: ${still.join(', ')} (is CHROMIUM_PATH right?)`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
