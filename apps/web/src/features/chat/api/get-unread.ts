import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/chat/unread — how many messages wait for the signed-in user (the launcher's badge). */
export function getUnread(signal?: AbortSignal) {
  return api<{ unread: number }>('chat/unread', { signal });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: ['chat-unread'], queryFn: ({ signal }) => getUnread(signal), enabled, staleTime: 60_000 });
}
