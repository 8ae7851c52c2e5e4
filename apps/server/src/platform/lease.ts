import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/** Which instance may run something now: at most one holder per name until its lease expires. */
export interface Lease {
  /** True when this instance holds `name` for the next `ms` (taken, or extended because it already held it). */
  acquire(name: string, ms: number): Promise<boolean>;
}

/**
 * Leases in the database every instance shares (SQLite or PostgreSQL): one atomic upsert takes a free or
 * expired lease, or extends one this instance holds; anyone else's live lease is left alone. The server's
 * clock decides expiry (instances are expected to keep their clocks in sync, as with any database-backed
 * scheduling).
 */
export class DatabaseLease implements Lease {
  readonly holder = randomUUID();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async acquire(name: string, ms: number): Promise<boolean> {
    const now = this.clock.now();
    const expires = new Date(now.getTime() + ms).toISOString();
    const r = await this.db
      .insertInto('job_leases')
      .values({ name, holder: this.holder, expires_at: expires })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expires })
          .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now.toISOString()), eb('job_leases.holder', '=', this.holder)])),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
