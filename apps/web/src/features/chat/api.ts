import type { ChatConversation, ChatConversationSummary, ChatMessage } from '@learn/shared';
import { api } from '../../lib/api-client';
import { errorFromResponse, toAppError } from '../../lib/errors';

export const chatApi = {
  unread: () => api<{ unread: number }>('chat/unread'),
  list: (search: string) => api<{ conversations: ChatConversationSummary[] }>(`chat/conversations?search=${encodeURIComponent(search)}`),
  conversation: (studentId: string, after = 0) =>
    api<ChatConversation>(`chat/conversations/${encodeURIComponent(studentId)}${after ? `?after=${after}` : ''}`),
  send: (studentId: string, text: string) =>
    api<ChatMessage>(`chat/conversations/${encodeURIComponent(studentId)}/messages`, { method: 'POST', body: { text } }),
  read: (studentId: string) =>
    api<{ lastReadId: number }>(`chat/conversations/${encodeURIComponent(studentId)}/read`, { method: 'POST', body: {} }),
  clear: (studentId: string) =>
    api<{ cleared: true }>(`chat/conversations/${encodeURIComponent(studentId)}/clear`, { method: 'POST', body: {} }),
  /**
   * The caption (UTF-8, its length in x-caption-bytes) then the image's bytes as the body: no user text in
   * the address. The server checks the bytes, re-encodes and stores a JPEG.
   */
  async sendImage(studentId: string, image: Blob, text = ''): Promise<ChatMessage> {
    const context = 'POST chat image';
    try {
      const caption = new TextEncoder().encode(text);
      const res = await fetch(`/api/chat/conversations/${encodeURIComponent(studentId)}/images`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/octet-stream', accept: 'application/json', 'x-caption-bytes': String(caption.length) },
        body: new Blob([caption, image]),
      });
      const body = await res.text();
      if (!res.ok) throw errorFromResponse(res.status, res.statusText, body, context);
      return JSON.parse(body) as ChatMessage;
    } catch (err) {
      throw toAppError(err, context);
    }
  },
};
