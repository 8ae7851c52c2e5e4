/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the SQLite database while the server runs, by
 * default to DATA_DIR/backups/learn-<UTC time>.db. For PostgreSQL use pg_dump (see the README).
 */
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { backupSqlite } from './backup.js';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README, "Backups").');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const destination = process.argv[2] ?? join(config.dataDir, 'backups', `learn-${stamp}.db`);
try {
  const { pages } = await backupSqlite(join(config.dataDir, 'learn.db'), destination);
  console.log(`Backup written to ${destination} (${pages} pages, integrity checked).`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
