import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canRunCode } from './policy.js';

describe('runner policy', () => {
  it.each([
    ['guide', true],
    ['student', true],
  ] as const)('%s runs code: %s', (role, expected) => {
    expect(canRunCode(actorFor(role))).toBe(expected);
  });
});
