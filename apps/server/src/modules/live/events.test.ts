import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@learn/shared';
import { audienceIncludes } from './events.js';

const student = { id: 's1', role: 'student' };
const other = { id: 's2', role: 'student' };
const guide = { id: 'g1', role: 'guide' };

describe('live event audiences', () => {
  it.each<[string, LiveEvent, { id: string; role: string }, boolean]>([
    ['access.changed reaches the student concerned', { type: 'access.changed', studentId: 's1' }, student, true],
    ['access.changed skips another student', { type: 'access.changed', studentId: 's1' }, other, false],
    ['access.changed skips guides', { type: 'access.changed', studentId: 's1' }, guide, false],
    ['hello is never fanned out', { type: 'hello', userId: 's1' }, student, false],
  ])('%s', (_what, event, user, expected) => {
    expect(audienceIncludes(event, user)).toBe(expected);
  });
});
