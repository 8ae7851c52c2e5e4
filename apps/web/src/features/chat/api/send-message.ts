import { useMutation } from '@tanstack/react-query';
import type { ChatMessage } from '@learn/shared';
import { api } from '../../../lib/api-client';

/** POST /api/chat/conversations/:studentId/messages — not retried: a repeat would post the message twice. */
export function sendMessage(studentId: string, text: string) {
  return api<ChatMessage>(`chat/conversations/${encodeURIComponent(studentId)}/messages`, { method: 'POST', body: { text } });
}

export function useSendMessage(studentId: string) {
  return useMutation({ mutationFn: (text: string) => sendMessage(studentId, text) });
}
