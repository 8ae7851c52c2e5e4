import { CHAT_STUDENT_RETENTION_MS } from '@learn/shared';
import type { Actor } from '../../platform/authenticate.js';

/**
 * The two sides of a conversation: its student and every guide. Another student is never a side, whatever
 * conversation id they send.
 */
export const isSide = (actor: Actor, studentId: string) => actor.role === 'guide' || actor.id === studentId;

/** Students never get messages older than 48 hours; guides see everything they have not cleared. */
export const visibleSince = (actor: Actor, now: Date): string | null =>
  actor.role === 'student' ? new Date(now.getTime() - CHAT_STUDENT_RETENTION_MS).toISOString() : null;

/** Image names the server made: 32 hex characters and .jpg. Anything else (../, other types) is not one. */
export const IMAGE_NAME = /^[0-9a-f]{32}\.jpg$/;

/** Guides see the list of every student's conversation; a student has only their own. */
export const canListConversations = (actor: Actor) => actor.role === 'guide';

/** The chat button's count: a guide's covers every conversation, a student's only their own. */
export const countsEveryConversation = (actor: Actor) => actor.role === 'guide';
