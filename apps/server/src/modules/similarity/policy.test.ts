import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canReviewSimilarity } from './policy.js';

describe('similarity policy', () => {
  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s reviews similar submissions: %s', (role, expected) => {
    expect(canReviewSimilarity(actorFor(role))).toBe(expected);
  });
});
