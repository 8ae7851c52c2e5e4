import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canReadProgress, completesLectures, completionRefusal } from './policy.js';

describe('progress policy', () => {
  it.each([
    ['a guide, any student', actorFor('guide'), 'student-2', true],
    ['a student, their own', actorFor('student', 'student-1'), 'student-1', true],
    ['a student, another student', actorFor('student', 'student-1'), 'student-2', false],
  ])('reads progress: %s -> %s', (_what, actor, studentId, expected) => {
    expect(canReadProgress(actor, studentId)).toBe(expected);
  });

  it.each([
    ['student', true, "Your guide hasn't granted you access yet."],
    ['guide', false, 'Only students complete lectures'],
  ] as const)('%s completes lectures: %s, refused with "%s"', (role, completes, refusal) => {
    expect(completesLectures(actorFor(role))).toBe(completes);
    expect(completionRefusal(actorFor(role))).toBe(refusal);
  });
});
