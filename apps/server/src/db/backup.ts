import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

export class BackupRefused extends Error {}

/** What a Learn database holds, for the commands to say what they did. */
export function describeSqlite(db: SQLite.Database): { users: number; chatImages: number; migrations: number } {
  const count = (table: string) => {
    const exists = db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(table);
    return exists ? (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n : -1;
  };
  return { users: count('users'), chatImages: count('chat_images'), migrations: count('kysely_migration') };
}

/** Refuses what is not a Learn database with at least one account (an empty or a foreign file). */
export function checkLearnDatabase(file: string, what: string): ReturnType<typeof describeSqlite> {
  if (!existsSync(file)) throw new BackupRefused(`No database at ${file}: ${what}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupRefused(`${file} cannot be opened as a SQLite database: ${(err as Error).message}`);
  }
  try {
    const d = describeSqlite(db);
    if (d.migrations <= 0 || d.users < 0) throw new BackupRefused(`${file} is not a Learn database (no Learn tables in it)`);
    if (d.users === 0) throw new BackupRefused(`${file} holds no accounts: it is an empty database, not a school's`);
    return d;
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`${file} cannot be read as a SQLite database: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of a SQLite database while the server keeps running: SQLite's online backup API, then
 * an integrity check of the copy. The copy is one self-contained file (rollback journal, not WAL): nothing
 * sits beside it in -wal or -shm files, so copying that one file is copying the backup.
 */
export async function backupSqlite(file: string, destination: string): Promise<{ pages: number }> {
  if (existsSync(destination)) throw new BackupRefused(`${destination} already exists: choose a new file name`);
  mkdirSync(dirname(destination), { recursive: true });
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // All remaining pages in one step: in steps, every write by the running server restarts the copy, and a
    // busy server would keep it from ever finishing. One step holds a read snapshot (WAL: writers go on).
    const { totalPages } = await source.backup(destination, { progress: () => 0x7fffffff });
    const copy = new SQLite(destination);
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    for (const extra of ['-wal', '-shm']) rmSync(`${destination}${extra}`, { force: true });
    return { pages: totalPages };
  } finally {
    source.close();
  }
}
