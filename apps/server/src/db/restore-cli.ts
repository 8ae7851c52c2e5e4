/**
 * `npm run db:restore -- <backup file>`: restores a SQLite backup (`npm run db:backup`) into DATA_DIR, which
 * must not hold a database yet (a new, empty data folder): checks the backup, copies it in, brings its
 * schema up to this version, and says what it holds. For PostgreSQL use pg_restore (docs/operations.md).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.js';
import { BackupRefused, checkLearnDatabase, describeSqlite } from './backup.js';
import { migrateToLatest, openDatabase } from './database.js';

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('Usage: DATA_DIR=<new, empty data folder> npm run db:restore -- <backup file>');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Restore").');
  process.exit(2);
}
const target = join(config.dataDir, 'learn.db');
try {
  const backup = resolve(file);
  checkLearnDatabase(backup, 'give the path of a file written by npm run db:backup');
  if (existsSync(target)) {
    throw new BackupRefused(
      `${target} already exists: restore into a new, empty data folder (set DATA_DIR to it), then point the server at that folder`,
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const source = new SQLite(backup, { readonly: true });
  try {
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const handle = openDatabase({ dataDir: config.dataDir });
  await migrateToLatest(handle);
  await handle.close();
  const db = new SQLite(target, { readonly: true });
  const check = db.pragma('integrity_check', { simple: true });
  const d = describeSqlite(db);
  db.close();
  if (check !== 'ok') throw new Error(`the restored database failed its integrity check: ${String(check)}`);
  console.log(
    `Restored ${backup} into ${target}: ${d.users} accounts, ${d.chatImages} chat images, integrity checked. Start the server with DATA_DIR=${config.dataDir}.`,
  );
} catch (err) {
  console.error(err instanceof BackupRefused ? `Restore refused: ${err.message}` : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
