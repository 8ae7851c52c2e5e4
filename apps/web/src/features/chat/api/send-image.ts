import { useMutation } from '@tanstack/react-query';
import type { ChatMessage } from '@learn/shared';
import { errorFromResponse, toAppError } from '../../../lib/errors';

/**
 * POST /api/chat/conversations/:studentId/images — the caption (UTF-8, its length in x-caption-bytes) then
 * the image's bytes as the body: no user text in the address. The server checks the bytes, re-encodes and
 * stores a JPEG. Not JSON, so not through `api()`; not retried.
 */
export async function sendImage(studentId: string, image: Blob, text = ''): Promise<ChatMessage> {
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
}

export function useSendImage(studentId: string) {
  return useMutation({ mutationFn: (image: Blob) => sendImage(studentId, image) });
}
