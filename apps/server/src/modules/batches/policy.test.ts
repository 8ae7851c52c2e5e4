import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canManageBatches } from './policy.js';

describe('batches policy', () => {
  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s manages batches: %s', (role, expected) => {
    expect(canManageBatches(actorFor(role))).toBe(expected);
  });
});
