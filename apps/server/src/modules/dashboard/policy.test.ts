import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canReadGuideDashboard, canReadStudentDashboard } from './policy.js';

describe('dashboard policy', () => {
  it.each([
    ['guide', false, true],
    ['student', true, false],
  ] as const)('%s: student dashboard %s, guide dashboard %s', (role, student, guide) => {
    expect(canReadStudentDashboard(actorFor(role))).toBe(student);
    expect(canReadGuideDashboard(actorFor(role))).toBe(guide);
  });
});
