import {
  CHAT_SENDS_PER_MINUTE,
  CHAT_STUDENT_RETENTION_MS,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatMessage,
} from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import type { Actor } from '../../platform/authenticate.js';
import { authorizationError, notFoundError, tooManyRequestsError, validationError } from '../../platform/errors.js';
import { RateLimit } from '../../platform/rate-limit.js';
import * as repo from './repository.js';
import { canListConversations, countsEveryConversation, IMAGE_NAME, isSide, visibleSince } from './policy.js';
import { reencode } from './images.js';
import { ImageStore } from './image-store.js';

const toView = (r: repo.MessageRow): ChatMessage => ({
  id: Number(r.id),
  studentId: r.student_id,
  authorId: r.author_id,
  authorName: r.author_name,
  authorRole: r.author_role,
  text: r.text,
  imageUrl: r.image ? `/api/chat/images/${r.image}` : null,
  createdAt: r.created_at,
});

/** Chat (issue 15): one conversation per student with all guides, kept by the server, pushed live. */
export class ChatService {
  private readonly rate: RateLimit;
  readonly images: ImageStore;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'pubsub' | 'rateStore'>) {
    this.rate = new RateLimit('chat-send', CHAT_SENDS_PER_MINUTE, deps.rateStore);
    this.images = new ImageStore(deps.db, () => deps.clock.now());
  }

  private get db() {
    return this.deps.db;
  }

  private now() {
    return this.deps.clock.now();
  }

  /** The conversation's student, checked: a guide may open any student's, a student only their own. */
  private async sideOf(actor: Actor, studentId: string) {
    if (!isSide(actor, studentId)) throw authorizationError();
    const student = await repo.findUser(this.db, studentId);
    if (!student || student.role !== 'student') throw notFoundError('Student not found');
    return student;
  }

  async list(actor: Actor, search: string): Promise<ChatConversationSummary[]> {
    if (!canListConversations(actor)) throw authorizationError();
    const rows = await repo.conversationsFor(this.db, actor.id, search.trim());
    return rows.map((r) => ({
      studentId: r.id,
      studentName: r.name,
      lastMessageAt: r.last_message_at ?? null,
      lastText: (r.last_text as string | null) ?? null,
      unread: Number(r.unread ?? 0),
    }));
  }

  /** Messages the actor may see, after `afterId` (catch-up for a reconnecting page), oldest first. */
  async conversation(actor: Actor, studentId: string, afterId = 0): Promise<ChatConversation> {
    const student = await this.sideOf(actor, studentId);
    const hiddenUpTo = await repo.clearedUpTo(this.db, studentId, actor.id);
    const rows = await repo.messagesOf(this.db, studentId, { afterId, hiddenUpTo, since: visibleSince(actor, this.now()) });
    return { studentId, studentName: student.name, messages: rows.map(toView) };
  }

  /** The count on the chat button: a student's unread replies, or a guide's unread across students. */
  async unread(actor: Actor): Promise<{ unread: number }> {
    if (countsEveryConversation(actor)) return { unread: await repo.guideUnreadTotal(this.db, actor.id) };
    return { unread: await repo.unreadCount(this.db, actor.id, actor.id, true, visibleSince(actor, this.now())) };
  }

  async send(actor: Actor, studentId: string, text: string, image?: Buffer): Promise<ChatMessage | null> {
    await this.sideOf(actor, studentId);
    if (!text && !image) throw validationError('Write a message or choose an image.');
    const wait = await this.rate.check(actor.id, this.now());
    if (wait !== null)
      throw tooManyRequestsError(`You have sent a lot of messages in the last minute. Wait ${wait} s and try again.`, wait);
    const name = image ? await this.images.save(await reencode(image)) : null;
    const id = await repo.insertMessage(this.db, {
      student_id: studentId,
      author_id: actor.id,
      text,
      image: name,
      created_at: this.now().toISOString(),
    });
    const message = toView((await repo.findMessage(this.db, id))!);
    await this.deps.pubsub.publish({ type: 'chat.message', studentId, message });
    // Writing in a conversation reads it.
    await this.markRead(actor, studentId, id);
    return message;
  }

  /** The receiver opened or selected the conversation: read up to its latest message (stored per reader). */
  async markRead(actor: Actor, studentId: string, upTo?: number): Promise<{ lastReadId: number }> {
    await this.sideOf(actor, studentId);
    const last = upTo ?? (await repo.lastMessageId(this.db, studentId));
    if (last > 0) {
      await repo.setRead(this.db, studentId, actor.id, last);
      await this.deps.pubsub.publish({ type: 'chat.read', studentId, readerId: actor.id, lastReadId: last });
    }
    return { lastReadId: last };
  }

  /** Hides the conversation up to now from this user only (deletedBy); the other side keeps it. */
  async clear(actor: Actor, studentId: string): Promise<{ cleared: true }> {
    await this.sideOf(actor, studentId);
    const last = await repo.lastMessageId(this.db, studentId);
    if (last > 0) {
      await repo.setCleared(this.db, studentId, actor.id, last, this.now().toISOString());
      await this.deps.pubsub.publish({ type: 'chat.cleared', studentId, userId: actor.id });
    }
    return { cleared: true };
  }

  /** An image, to the two sides of its conversation only, and to a student only within their window. */
  async image(actor: Actor, name: string): Promise<Buffer> {
    if (!IMAGE_NAME.test(name)) throw notFoundError('Image not found');
    const msg = await repo.findByImage(this.db, name);
    if (!msg) throw notFoundError('Image not found');
    if (!isSide(actor, msg.student_id)) throw authorizationError();
    const since = visibleSince(actor, this.now());
    if (since && msg.created_at < since) throw notFoundError('Image not found');
    if (msg.id <= (await repo.clearedUpTo(this.db, msg.student_id, actor.id))) throw notFoundError('Image not found');
    try {
      return await this.images.read(name);
    } catch {
      throw notFoundError('Image not found');
    }
  }

  /** The retention job: deletes messages no one can see any more, and their image files. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - CHAT_STUDENT_RETENTION_MS).toISOString();
    const { deleted, images } = await repo.deleteInvisible(this.db, cutoff);
    for (const name of images) await this.images.remove(name);
    return deleted;
  }
}
