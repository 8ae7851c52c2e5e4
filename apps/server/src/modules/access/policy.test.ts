import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canManageAccess } from './policy.js';

describe('access policy', () => {
  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s manages access: %s', (role, expected) => {
    expect(canManageAccess(actorFor(role))).toBe(expected);
  });
});
