/**
 * The app as the benches run it: a temporary SQLite database, migrated and seeded, with the same parts
 * `main.ts` composes. `dispose()` closes the database and removes the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppDeps } from '../apps/server/src/platform/deps.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, migrateToLatest, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { seed } from '../apps/server/src/db/seed.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { PasswordHasher } from '../apps/server/src/platform/passwords.js';
import { InProcessPubSub } from '../apps/server/src/platform/pubsub.js';

export const BENCH_GUIDE_PASSWORD = 'bench-guide-pw';

export async function benchDeps(
  name: string,
  opts: { env?: Record<string, string>; hasher?: PasswordHasher } = {},
): Promise<{ deps: AppDeps; handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `learn-${name}-bench-`));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', LEARN_GUIDE_PASSWORD: BENCH_GUIDE_PASSWORD, ...opts.env });
  const handle = openDatabase(config);
  await migrateToLatest(handle);
  const deps: AppDeps = {
    config,
    db: handle.db,
    engine: handle.engine,
    dbVersion: () => handle.version(),
    clock: systemClock,
    hasher: opts.hasher ?? new PasswordHasher(config.passwordHash.cost, 4, config.passwordHash.algorithm),
    pubsub: new InProcessPubSub(),
    ...(handle.poolStats ? { dbPool: handle.poolStats } : {}),
  };
  await seed(deps);
  return {
    deps,
    handle,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
