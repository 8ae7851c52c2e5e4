import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** Appends to the audit log: who did what to which object, and when (server time). */
export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  entry: { actorId: string | null; action: string; target?: string; details?: unknown; at: Date },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      at: entry.at.toISOString(),
    })
    .execute();
}
