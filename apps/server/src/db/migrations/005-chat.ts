import type { Kysely } from 'kysely';
import { idColumn } from './helpers.js';

/**
 * Chat (issue 15): one conversation per student with all guides; messages; how far each reader has read;
 * how far each user cleared the conversation from their own view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('student_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .execute();
  await idColumn(db.schema.createTable('chat_messages'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('chat_conversations.student_id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    // The random file name under DATA_DIR/chat-images, or null.
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_student_idx').on('chat_messages').columns(['student_id', 'id']).execute();
  await db.schema.createIndex('chat_messages_created_idx').on('chat_messages').columns(['created_at']).execute();
  await db.schema.createIndex('chat_messages_image_idx').on('chat_messages').columns(['image']).execute();
  await db.schema
    .createTable('chat_reads')
    .addColumn('student_id', 'text', (c) => c.notNull().references('chat_conversations.student_id').onDelete('cascade'))
    .addColumn('reader_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reads_pk', ['student_id', 'reader_id'])
    .execute();
  await db.schema
    .createTable('chat_clears')
    .addColumn('student_id', 'text', (c) => c.notNull().references('chat_conversations.student_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Messages up to this id are hidden from the user.
    .addColumn('cleared_id', 'integer', (c) => c.notNull())
    .addColumn('cleared_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_clears_pk', ['student_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_clears').execute();
  await db.schema.dropTable('chat_reads').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_conversations').execute();
}
