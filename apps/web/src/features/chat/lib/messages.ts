import type { ChatMessage, PublicUser } from '@learn/shared';

/** The list with `incoming` added once each (a message may come by the answer and the live event), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (!incoming.length) return current;
  const seen = new Set(current.map((m) => m.id));
  return [...current, ...incoming.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
}

/** Who wrote it, as the bubble says: "You", or the name, with "(mate)" for a guide. */
export function authorLabel(m: ChatMessage, user: Pick<PublicUser, 'id'>): string {
  if (m.authorId === user.id) return 'You';
  return m.authorRole === 'guide' ? `${m.authorName} (mate)` : m.authorName;
}

export const messageTime = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
