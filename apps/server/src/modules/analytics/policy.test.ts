import { describe, expect, it } from 'vitest';
import { actorFor } from '../../../test/factories.js';
import { canReadAnalytics, isAtRisk, percent1, weekStarts } from './policy.js';

describe('analytics policy', () => {
  it.each([
    ['guide', true],
    ['student', false],
  ] as const)('%s reads course analytics: %s', (role, expected) => {
    expect(canReadAnalytics(actorFor(role))).toBe(expected);
  });

  it.each([
    [0, 20, true],
    [4, 20, true],
    [5, 20, false], // exactly 25 % is not at risk
    [20, 20, false],
    [0, 0, false],
  ])('%i of %i lectures completed: at risk %s', (completed, lectures, expected) => {
    expect(isAtRisk(completed, lectures)).toBe(expected);
  });

  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [5, 0, 0],
    [7, 7, 100],
  ])('percent1(%i, %i) is %d', (part, whole, expected) => {
    expect(percent1(part, whole)).toBe(expected);
  });

  it.each([
    ['2025-03-05T12:00:00Z', '2025-03-03T00:00:00.000Z'], // a Wednesday
    ['2025-03-03T00:00:00Z', '2025-03-03T00:00:00.000Z'], // a Monday at midnight
    ['2025-03-09T23:59:59Z', '2025-03-03T00:00:00.000Z'], // a Sunday belongs to the week before it
  ])('the last week start for %s is %s, the ones before a week apart', (day, monday) => {
    const weeks = weekStarts(new Date(day), 3);
    expect(weeks).toHaveLength(3);
    expect(weeks[2]).toBe(monday);
    expect(Date.parse(weeks[2]!) - Date.parse(weeks[1]!)).toBe(7 * 86_400_000);
  });
});
