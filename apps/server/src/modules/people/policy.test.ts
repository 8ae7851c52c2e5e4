import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canManagePeople, guideRemovalRefusal, mateAbilities } from './policy.js';

describe('people policy', () => {
  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s manages students and mates: %s', (role, expected) => {
    expect(canManagePeople(actorFor(role))).toBe(expected);
  });

  const me = actorFor('guide');
  it.each([
    ['oneself, among several mates', me.id, 3, 'You cannot remove your own account.'],
    ['oneself, the last mate (the one reason that applies is oneself)', me.id, 1, 'You cannot remove your own account.'],
    ['another mate, the last one', 'user_guide_other', 1, 'Cannot remove the last mate account.'],
    ['another mate among several', 'user_guide_other', 2, null],
  ] as const)('removing %s: %s', (_case, targetId, guideCount, refusal) => {
    expect(guideRemovalRefusal(me, targetId, guideCount)).toBe(refusal);
    expect(mateAbilities(me, targetId, guideCount)).toEqual(refusal ? { remove: false, removeReason: refusal } : { remove: true });
  });
});
