import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/chat/conversations/:studentId/clear — hides the messages so far for the signed-in user. */
export function clearConversation(studentId: string) {
  return api<{ cleared: true }>(`chat/conversations/${encodeURIComponent(studentId)}/clear`, { method: 'POST', body: {} });
}

export function useClearConversation(studentId: string) {
  return useMutation({ mutationFn: () => clearConversation(studentId) });
}
