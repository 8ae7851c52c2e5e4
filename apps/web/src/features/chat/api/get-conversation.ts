import type { ChatConversation } from '@learn/shared';
import { api } from '../../../lib/api-client';

/**
 * GET /api/chat/conversations/:studentId[?after=] — the messages, or only those after `after` (catching up
 * after a reconnect). Kept out of the query cache: the conversation merges live messages into its own list.
 */
export function getConversation(studentId: string, after = 0) {
  return api<ChatConversation>(`chat/conversations/${encodeURIComponent(studentId)}${after ? `?after=${after}` : ''}`);
}
