import type { Kysely } from 'kysely';
import { dialect } from './helpers.js';

/**
 * Chat images in the database (issue 31): every instance serves them and every backup holds them. The
 * files an older version kept in DATA_DIR/chat-images are moved in at start (modules/chat/image-store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('data', dialect.name === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_images').execute();
}
