import { z } from 'zod';
import type { ChatMessage } from './chat.js';

/**
 * A live event pushed over /api/ws. To add one: add its shape here; the server's registry
 * (apps/server/src/modules/live/events.ts) then needs its audience rule, and nothing else changes.
 */
export type LiveEvent =
  | { type: 'access.changed'; studentId: string }
  | { type: 'hello'; userId: string }
  /** Server-internal: sessions ended (logout: one; password change or removal: all of the user's). Sockets on them close. */
  | { type: 'session.ended'; userId: string; sessionId?: string }
  /** An exam attempt was submitted (by the student, the page's timer or the server at the deadline). */
  | { type: 'exam.submitted'; studentId: string; examId: string; courseId: string }
  /** A guide graded an exam attempt. */
  | { type: 'exam.graded'; studentId: string; examId: string; courseId: string }
  /** Server-internal: a user's name, email or batch changed; instances drop what they cached of the user. */
  | { type: 'user.changed'; userId: string }
  /** Server-internal: a student completed a lecture; instances drop what they cached of that read. */
  | { type: 'progress.changed'; studentId: string; lectureId: string }
  /** Server-internal: a lecture or its assignment was edited; instances drop what they cached of it. */
  | { type: 'lecture.changed'; lectureId: string }
  /** Server-internal, local: Redis pub/sub is back after an outage; caches built on events start afresh. */
  | { type: 'pubsub.reconnected' }
  /** The server finished running a submission's tests (issue 13). */
  | { type: 'homework.autograded'; studentId: string; submissionId: number; courseId: string }
  /** A guide confirmed a letter for a submission. */
  | { type: 'homework.graded'; studentId: string; submissionId: number; courseId: string }
  /** A chat message in a student's conversation (issue 15): to that student and the guides. */
  | { type: 'chat.message'; studentId: string; message: ChatMessage }
  /** Someone read a conversation up to a message: to that student and the guides (badges update). */
  | { type: 'chat.read'; studentId: string; readerId: string; lastReadId: number }
  /** Someone cleared a conversation from their own view: to that user only. */
  | { type: 'chat.cleared'; studentId: string; userId: string };
export type LiveEventType = LiveEvent['type'];

/**
 * What a client may send on `/api/ws` (the channel is server-to-client): a ping, answered with a pong. Any
 * other frame gets `{ type: 'error' }` and the socket stays up.
 */
export const liveClientMessageSchema = z.object({ type: z.literal('ping') }).strict();
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
export type LiveReply = { type: 'pong' } | { type: 'error'; message: string };
