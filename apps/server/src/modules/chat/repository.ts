import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/** A message with its author's name and role. */
export function messagesOf(db: Executor, studentId: string, opts: { afterId: number; hiddenUpTo: number; since: string | null }) {
  let q = db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.student_id', 'm.author_id', 'm.text', 'm.image', 'm.created_at', 'u.name as author_name', 'u.role as author_role'])
    .where('m.student_id', '=', studentId)
    .where('m.id', '>', Math.max(opts.afterId, opts.hiddenUpTo));
  if (opts.since) q = q.where('m.created_at', '>=', opts.since);
  return q.orderBy('m.id').limit(1000).execute();
}
export type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];

export function findMessage(db: Executor, id: number) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.student_id', 'm.author_id', 'm.text', 'm.image', 'm.created_at', 'u.name as author_name', 'u.role as author_role'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

export function findByImage(db: Executor, image: string) {
  return db.selectFrom('chat_messages').select(['id', 'student_id', 'created_at']).where('image', '=', image).executeTakeFirst();
}

export async function insertMessage(
  db: Executor,
  row: { student_id: string; author_id: string; text: string; image: string | null; created_at: string },
): Promise<number> {
  await db
    .insertInto('chat_conversations')
    .values({ student_id: row.student_id, last_message_at: row.created_at })
    .onConflict((oc) => oc.column('student_id').doUpdateSet({ last_message_at: row.created_at }))
    .execute();
  const r = await db.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function clearedUpTo(db: Executor, studentId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('chat_clears')
    .select('cleared_id')
    .where('student_id', '=', studentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ? Number(r.cleared_id) : 0;
}

export async function lastMessageId(db: Executor, studentId: string): Promise<number> {
  const r = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return r?.id ? Number(r.id) : 0;
}

export async function setCleared(db: Executor, studentId: string, userId: string, clearedId: number, at: string) {
  await db
    .insertInto('chat_clears')
    .values({ student_id: studentId, user_id: userId, cleared_id: clearedId, cleared_at: at })
    .onConflict((oc) => oc.columns(['student_id', 'user_id']).doUpdateSet({ cleared_id: clearedId, cleared_at: at }))
    .execute();
}

export async function setRead(db: Executor, studentId: string, readerId: string, lastReadId: number) {
  await db
    .insertInto('chat_reads')
    .values({ student_id: studentId, reader_id: readerId, last_read_id: lastReadId })
    .onConflict((oc) =>
      oc.columns(['student_id', 'reader_id']).doUpdateSet({
        last_read_id: sql`case when excluded.last_read_id > chat_reads.last_read_id then excluded.last_read_id else chat_reads.last_read_id end`,
      }),
    )
    .execute();
}

export async function conversationExists(db: Executor, studentId: string) {
  return !!(await db.selectFrom('chat_conversations').select('student_id').where('student_id', '=', studentId).executeTakeFirst());
}

/**
 * The guide's list: every student, with the latest message and the unread count (messages by the student
 * past this guide's read mark and clear mark), latest first, then by name.
 */
export async function conversationsFor(db: Executor, guideId: string, search: string) {
  let q = db
    .selectFrom('users as s')
    .leftJoin('chat_conversations as c', 'c.student_id', 's.id')
    .leftJoin('chat_reads as r', (j) => j.onRef('r.student_id', '=', 's.id').on('r.reader_id', '=', guideId))
    .leftJoin('chat_clears as k', (j) => j.onRef('k.student_id', '=', 's.id').on('k.user_id', '=', guideId))
    .select((eb) => [
      's.id',
      's.name',
      'c.last_message_at',
      eb
        .selectFrom('chat_messages as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.student_id', '=', 's.id')
        .whereRef('m.author_id', '=', 's.id')
        .where((e) => e('m.id', '>', e.fn.coalesce('r.last_read_id', sql.lit(0))))
        .where((e) => e('m.id', '>', e.fn.coalesce('k.cleared_id', sql.lit(0))))
        .as('unread'),
      eb
        .selectFrom('chat_messages as m')
        .select('m.text')
        .whereRef('m.student_id', '=', 's.id')
        .where((e) => e('m.id', '>', e.fn.coalesce('k.cleared_id', sql.lit(0))))
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_text'),
    ])
    .where('s.role', '=', 'student');
  if (search) q = q.where(sql<boolean>`lower(s.name) like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  return q
    .orderBy(sql`case when c.last_message_at is null then 1 else 0 end`)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('s.name')
    .limit(500)
    .execute();
}

/** Unread for one reader: in a student's conversation, messages by the other side past the read and clear marks. */
export async function unreadCount(db: Executor, studentId: string, readerId: string, readerIsStudent: boolean, since: string | null) {
  const [read, cleared] = await Promise.all([
    db
      .selectFrom('chat_reads')
      .select('last_read_id')
      .where('student_id', '=', studentId)
      .where('reader_id', '=', readerId)
      .executeTakeFirst(),
    clearedUpTo(db, studentId, readerId),
  ]);
  let q = db
    .selectFrom('chat_messages')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('student_id', '=', studentId)
    .where('id', '>', Math.max(read ? Number(read.last_read_id) : 0, cleared));
  q = readerIsStudent ? q.where('author_id', '!=', studentId) : q.where('author_id', '=', studentId);
  if (since) q = q.where('created_at', '>=', since);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Total unread for a guide across all conversations. */
export async function guideUnreadTotal(db: Executor, guideId: string) {
  const r = await db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_reads as r', (j) => j.onRef('r.student_id', '=', 'm.student_id').on('r.reader_id', '=', guideId))
    .leftJoin('chat_clears as k', (j) => j.onRef('k.student_id', '=', 'm.student_id').on('k.user_id', '=', guideId))
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('m.author_id', '=', 'm.student_id')
    .where((e) => e('m.id', '>', e.fn.coalesce('r.last_read_id', sql.lit(0))))
    .where((e) => e('m.id', '>', e.fn.coalesce('k.cleared_id', sql.lit(0))))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Messages no one can see any more: older than the students' window (the student no longer gets them) and
 * cleared by every guide. Returns the image names of what it deleted.
 */
export async function deleteInvisible(db: Executor, cutoff: string): Promise<{ deleted: number; images: string[] }> {
  const guides = (await db.selectFrom('users').select('id').where('role', '=', 'guide').execute()).map((g) => g.id);
  // Per conversation, the lowest clear mark among guides (a guide who never cleared: 0, nothing goes).
  const marks = await db
    .selectFrom('chat_clears as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.student_id', (e) => e.fn.min('k.cleared_id').as('mark'), (e) => e.fn.countAll<number>().as('n')])
    .where('u.role', '=', 'guide')
    .groupBy('k.student_id')
    .execute();
  let deleted = 0;
  const images: string[] = [];
  for (const m of marks) {
    if (Number(m.n) < guides.length || guides.length === 0) continue;
    const where = db
      .selectFrom('chat_messages')
      .select(['id', 'image'])
      .where('student_id', '=', m.student_id)
      .where('id', '<=', Number(m.mark))
      .where('created_at', '<', cutoff);
    const rows = await where.limit(1000).execute();
    if (!rows.length) continue;
    await db
      .deleteFrom('chat_messages')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    deleted += rows.length;
    for (const r of rows) if (r.image) images.push(r.image);
  }
  return { deleted, images };
}

/** A user as a conversation side: the student a conversation belongs to must exist and be a student. */
export function findUser(db: Executor, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'role']).where('id', '=', id).executeTakeFirst();
}

/** chat_images: the re-encoded images, one random name each (image-store.ts decides names and checks them). */
export async function insertImage(db: Executor, row: { name: string; data: Buffer; created_at: string }, keepExisting = false) {
  let q = db.insertInto('chat_images').values(row);
  if (keepExisting) q = q.onConflict((oc) => oc.column('name').doNothing());
  await q.execute();
}

export async function imageData(db: Executor, name: string): Promise<Buffer | null> {
  const row = await db.selectFrom('chat_images').select('data').where('name', '=', name).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}

export async function deleteImage(db: Executor, name: string): Promise<void> {
  await db.deleteFrom('chat_images').where('name', '=', name).execute();
}
