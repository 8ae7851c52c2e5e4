import { describe, expect, it } from 'vitest';
import { canReadMetrics } from './policy.js';

describe('metrics policy', () => {
  it.each([
    [undefined, undefined, 'off'],
    [undefined, 'Bearer anything', 'off'],
    ['s3cret-token', undefined, 'refused'],
    ['s3cret-token', 'Bearer s3cret-token', 'allowed'],
    ['s3cret-token', 'Bearer s3cret-tokex', 'refused'],
    ['s3cret-token', 'Bearer s3cret', 'refused'], // a prefix of the token
    ['s3cret-token', 's3cret-token', 'refused'], // no scheme
    ['s3cret-token', 'Basic s3cret-token', 'refused'],
  ] as const)('token %s, Authorization %s: %s', (configured, authorization, expected) => {
    expect(canReadMetrics(configured, authorization)).toBe(expected);
  });
});
