import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/authenticate.js';
import { canExplain, canSeeExplainUsage, examRuleAppliesTo } from './policy.js';

const actor = (role: Actor['role']) => ({ id: `u_${role}`, role }) as Actor;

describe('explain policy', () => {
  it.each([
    ['student', false, true],
    ['student', true, false],
    ['guide', false, true],
    ['guide', true, true],
  ] as const)('canExplain(%s, activeExamAttempt=%s) is %s', (role, exam, allowed) => {
    expect(canExplain(actor(role), exam)).toBe(allowed);
  });

  it.each([
    ['student', false],
    ['guide', true],
  ] as const)('canSeeExplainUsage(%s) is %s', (role, allowed) => {
    expect(canSeeExplainUsage(actor(role))).toBe(allowed);
  });

  it.each([
    ['student', true],
    ['guide', false],
  ] as const)('examRuleAppliesTo(%s) is %s', (role, applies) => {
    expect(examRuleAppliesTo(actor(role))).toBe(applies);
  });
});
