import { z } from 'zod';

/** Said for any text with a NUL character, whatever the field or entry point (PostgreSQL cannot store one). */
export const NUL_MESSAGE = 'Text must not contain a NUL character';

export function hasNul(value: string): boolean {
  return value.includes('\0');
}

/** A string schema that refuses NUL: every text field of a shared schema starts here. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !hasNul(v), NUL_MESSAGE);
}

/** The one email schema (sign-in, people, roster import), with the messages of platform-core.md section 5. */
export const emailSchema = text({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email({ error: 'Please enter a valid email address' }));
