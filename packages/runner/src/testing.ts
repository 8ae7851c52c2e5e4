import { readdirSync, readFileSync } from 'node:fs';
import type { RunLanguage } from '@learn/shared';
import { Runner } from './runner.js';

/** The runner the tests use: the real sandbox, with shorter time limits so the suite stays quick. */
export const testRunner = new Runner({ limits: { cpuMs: 2000, wallMs: 3000, interactiveWallMs: 5000 } });

export const run = (language: RunLanguage, code: string, stdin = '') => testRunner.runProgram({ language, code, stdin });

/**
 * Host processes whose command line contains the text (to prove nothing is left behind after a run). Processes
 * in another server's or test process's run cgroups (`learn-<their pid>`) are not ours: the suites run side by
 * side, and the content check runs its own `main.py` meanwhile.
 */
export function hostProcessesWith(text: string): number[] {
  const found: number[] = [];
  const others = /\/learn-(\d+)\//;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!cmdline.includes(text)) continue;
      const owner = others.exec(readFileSync(`/proc/${entry}/cgroup`, 'utf8'))?.[1];
      if (owner === undefined || Number(owner) === process.pid) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}
