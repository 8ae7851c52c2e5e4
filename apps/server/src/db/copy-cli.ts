/**
 * `npm run db:copy -- --to postgres://user@host/db`: moves a school from SQLite (DATA_DIR/learn.db) to an
 * empty PostgreSQL database. Stop the server first (a copy of a database being written is a snapshot
 * of some moment; the last writes could be missed). See the README, "Moving to PostgreSQL".
 */
import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { BackupRefused, checkLearnDatabase } from './backup.js';
import { openDatabase } from './database.js';
import { copyDatabase, CopyRefused } from './copy.js';

const args = process.argv.slice(2);
const to = args[args.indexOf('--to') + 1];
if (!args.includes('--to') || !to || !/^postgres(ql)?:\/\//.test(to)) {
  console.error('Usage: npm run db:copy -- --to postgres://user:password@host:5432/database');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATABASE_URL: '' });
// A missing or empty source is an error, never an empty copy reported as done.
try {
  checkLearnDatabase(join(config.dataDir, 'learn.db'), 'set DATA_DIR to the data folder of the server you are moving');
} catch (err) {
  console.error(`Copy refused: ${(err as BackupRefused).message}`);
  process.exit(1);
}
const source = openDatabase({ dataDir: config.dataDir });
const target = openDatabase({ databaseUrl: to, dataDir: ':memory:' });
try {
  console.log(`Copying ${config.dataDir}/learn.db into ${new URL(to).host}${new URL(to).pathname}`);
  const report = await copyDatabase(source, target, (line) => console.log(`  ${line}`));
  const rows = report.reduce((n, r) => n + r.target, 0);
  console.log(`Done: ${report.length} tables, ${rows} rows, counts checked. Start the server with DATABASE_URL set to the new database.`);
} catch (err) {
  console.error(err instanceof CopyRefused ? err.message : `Copy failed, nothing was kept: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
