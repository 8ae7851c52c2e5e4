// The decisions `npm start` takes before it runs the server, as functions the unit tests call
// (scripts/start-checks.test.ts): whether code running can work here, and whether a build is older than
// its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decide } from './system-packages.mjs';

export const NO_CODE_RUNNING = 'LEARN_NO_CODE_RUNNING';

/**
 * Code running needs bubblewrap, setpriv, prlimit, gcc, g++ and python3. Missing ones: installed when
 * root on Debian; otherwise the start stops with the command that installs them and the way to go on
 * without code running (LEARN_NO_CODE_RUNNING=1), which skips this check.
 * @param {{ missing: string[]; isRoot: boolean; isDebian: boolean; env?: Record<string, string | undefined> }} o
 * @returns {{ action: 'ok' | 'skip' | 'install' | 'stop'; missing?: string[]; packages?: string[]; message?: string }}
 */
export function codeRunningDecision({ missing, isRoot, isDebian, env = process.env }) {
  if (env[NO_CODE_RUNNING] === '1' || env[NO_CODE_RUNNING] === 'true') {
    return missing.length ? { action: 'skip', missing } : { action: 'ok' };
  }
  return decide({
    missing,
    isRoot,
    isDebian,
    needs: 'Code running (the Run button, homework checks, exam tests) needs',
    orElse: `Or start without code running (everything else works; the scratchpad says why Run is off):\n  ${NO_CODE_RUNNING}=1 npm start`,
  });
}

/** The newest modification time of the files under each path (a file counts itself). */
export function newestMtime(paths, stat = statSync, list = (d) => readdirSync(d, { withFileTypes: true })) {
  let newest = 0;
  for (const path of paths) {
    let s;
    try {
      s = stat(path);
    } catch {
      continue;
    }
    if (!s.isDirectory()) {
      newest = Math.max(newest, s.mtimeMs);
      continue;
    }
    for (const entry of list(path)) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      newest = Math.max(newest, newestMtime([join(path, entry.name)], stat, list));
    }
  }
  return newest;
}

/** What the web app is built from: its sources, the shared schemas, its configuration and the lockfile. */
export function webSources(root) {
  return [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'apps/web/public',
    'packages/shared/src',
    'package-lock.json',
  ].map((p) => join(root, p));
}

export const webBuilt = (root) => join(root, 'apps/web/dist/index.html');

/** True when the web build is missing or older than any of its sources (after a `git pull`, say). */
export function webBuildIsStale(root, stat = statSync, list) {
  const built = webBuilt(root);
  if (!existsSync(built)) return true;
  return newestMtime(webSources(root), stat, list) > stat(built).mtimeMs;
}
