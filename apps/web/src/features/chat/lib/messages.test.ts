import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@learn/shared';
import { authorLabel, mergeMessages } from './messages';

const msg = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  studentId: 's1',
  authorId: 's1',
  authorName: 'Ada Lovelace',
  authorRole: 'student',
  text: `m${id}`,
  imageUrl: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('mergeMessages', () => {
  it('adds each message once and keeps them oldest first', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(3), msg(2)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });
  it('returns the same list when nothing came', () => {
    const list = [msg(1)];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe('authorLabel', () => {
  it('says You, a name, or a name with (mate) for a guide', () => {
    expect(authorLabel(msg(1), { id: 's1' })).toBe('You');
    expect(authorLabel(msg(1), { id: 'g1' })).toBe('Ada Lovelace');
    expect(authorLabel(msg(1, { authorId: 'g1', authorName: 'Grace', authorRole: 'guide' }), { id: 's1' })).toBe('Grace (mate)');
  });
});
