import { readdirSync, readFileSync } from 'node:fs';
import type { RunLanguage } from '@learn/shared';
import { Runner } from './runner.js';

/** The runner the tests use: the real sandbox, with shorter time limits so the suite stays quick. */
export const testRunner = new Runner({ limits: { cpuMs: 2000, wallMs: 3000, interactiveWallMs: 5000 } });

export const run = (language: RunLanguage, code: string, stdin = '') => testRunner.runProgram({ language, code, stdin });

/** Host processes whose command line contains the text (to prove nothing is left behind after a run). */
export function hostProcessesWith(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(text)) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}
