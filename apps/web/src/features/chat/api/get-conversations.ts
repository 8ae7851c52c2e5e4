import { useQuery } from '@tanstack/react-query';
import type { ChatConversationSummary } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** GET /api/chat/conversations?search= — a guide's students, latest message first, with unread counts. */
export function getConversations(search: string, signal?: AbortSignal) {
  return api<{ conversations: ChatConversationSummary[] }>(`chat/conversations?search=${encodeURIComponent(search)}`, { signal });
}

export function useConversationList(search: string) {
  return useQuery({ queryKey: ['chat-list', search], queryFn: ({ signal }) => getConversations(search, signal) });
}
