import { describe, expect, it } from 'vitest';
import { CHAT_STUDENT_RETENTION_MS } from '@learn/shared';
import { actorFor } from '../../../test/factories.js';
import { canListConversations, countsEveryConversation, IMAGE_NAME, isSide, visibleSince } from './policy.js';

describe('chat policy', () => {
  it.each([
    ['student', 'own', true],
    ['student', 'another student', false],
    ['guide', 'any student', true],
  ] as const)('%s is a side of the conversation of %s: %s', (role, whose, expected) => {
    const actor = actorFor(role);
    expect(isSide(actor, whose === 'own' ? actor.id : 'student-2')).toBe(expected);
  });

  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s lists every conversation and counts unread across them: %s', (role, expected) => {
    expect(canListConversations(actorFor(role))).toBe(expected);
    expect(countsEveryConversation(actorFor(role))).toBe(expected);
  });

  const now = new Date('2025-03-05T12:00:00Z');
  it.each([
    ['student', new Date(now.getTime() - CHAT_STUDENT_RETENTION_MS).toISOString()],
    ['guide', null],
  ] as const)('%s sees messages since %s', (role, expected) => {
    expect(visibleSince(actorFor(role), now)).toBe(expected);
  });

  it.each([
    ['0123456789abcdef0123456789abcdef.jpg', true],
    ['0123456789ABCDEF0123456789ABCDEF.jpg', false],
    ['../0123456789abcdef0123456789abcd.jpg', false],
    ['0123456789abcdef0123456789abcdef.png', false],
    ['0123456789abcdef0123456789abcdef.jpg.svg', false],
  ])('%s is an image name the server made: %s', (name, expected) => {
    expect(IMAGE_NAME.test(name)).toBe(expected);
  });
});
