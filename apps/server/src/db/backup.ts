import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * A consistent copy of a SQLite database while the server keeps running: SQLite's online backup API, then
 * an integrity check of the copy.
 */
export async function backupSqlite(file: string, destination: string): Promise<{ pages: number }> {
  mkdirSync(dirname(destination), { recursive: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // All remaining pages in one step: in steps, every write by the running server restarts the copy, and a
    // busy server would keep it from ever finishing. One step holds a read snapshot (WAL: writers go on).
    const { totalPages } = await source.backup(destination, { progress: () => 0x7fffffff });
    const copy = new SQLite(destination, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return { pages: totalPages };
  } finally {
    source.close();
  }
}
