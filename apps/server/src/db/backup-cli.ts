/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the SQLite database while the server runs, by
 * default to DATA_DIR/backups/learn-<UTC time>.db: one file, integrity checked. For PostgreSQL use pg_dump
 * (docs/operations.md, "Backups").
 */
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { backupSqlite, BackupRefused, checkLearnDatabase } from './backup.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backups").');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const source = join(config.dataDir, 'learn.db');
const destination = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `learn-${stamp}.db`));
try {
  const d = checkLearnDatabase(source, 'is DATA_DIR the data folder of the server? (it is where learn.db is)');
  const { pages } = await backupSqlite(source, destination);
  console.log(
    `Backup of ${source} written to ${destination} (${pages} pages, ${d.users} accounts, ${d.chatImages} chat images; integrity checked; one file).`,
  );
} catch (err) {
  console.error(err instanceof BackupRefused ? `Backup refused: ${err.message}` : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
