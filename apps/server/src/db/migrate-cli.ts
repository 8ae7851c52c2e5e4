import { loadConfig } from '../config.js';
import { openDatabase, migrateToLatest } from './database.js';

const config = loadConfig();
const handle = openDatabase(config);
await migrateToLatest(handle);
console.log(`Database migrated (${await handle.version()}).`);
await handle.close();
