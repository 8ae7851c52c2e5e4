import { describe, expect, it } from 'vitest';
import { proposedLetter } from '@learn/shared';
import { actorFor } from '../../../test/factories.js';
import { canReadSubmission, canReviewHomework, canSubmitHomework, seesHiddenTests, worksOnHomework } from './policy.js';

describe('homework policy', () => {
  it.each([
    ['student', true, true],
    ['student', false, false],
    ['guide', true, false],
    ['guide', false, false],
  ] as const)('%s with grant %s submits: %s', (role, grant, expected) => {
    expect(canSubmitHomework(actorFor(role), grant)).toBe(expected);
  });

  it.each([
    ['student', 'own', true],
    ['student', 'other', false],
    ['guide', 'other', true],
  ] as const)('%s reads an %s submission: %s', (role, whose, expected) => {
    const actor = actorFor(role);
    expect(canReadSubmission(actor, whose === 'own' ? actor.id : 'someone-else')).toBe(expected);
  });

  it.each([
    ['student', true],
    ['guide', false],
  ] as const)('%s works on homework (its grants are looked up): %s', (role, expected) => {
    expect(worksOnHomework(actorFor(role))).toBe(expected);
  });

  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s reviews and sees hidden tests: %s', (role, expected) => {
    expect(canReviewHomework(actorFor(role))).toBe(expected);
    expect(seesHiddenTests(actorFor(role))).toBe(expected);
  });

  it.each([
    [5, 5, 'A'],
    [4, 5, 'B'],
    [3, 5, 'C'],
    [2, 5, 'D'],
    [1, 5, 'F'],
    [0, 5, 'F'],
    [0, 0, 'F'],
  ] as const)('%i of %i tests passed proposes %s', (passed, total, letter) => {
    expect(proposedLetter(passed, total)).toBe(letter);
  });
});
