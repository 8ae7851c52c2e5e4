import { api } from '../../../lib/api-client';

/** POST /api/chat/conversations/:studentId/read — everything shown so far is read. */
export function markRead(studentId: string) {
  return api<{ lastReadId: number }>(`chat/conversations/${encodeURIComponent(studentId)}/read`, { method: 'POST', body: {} });
}
