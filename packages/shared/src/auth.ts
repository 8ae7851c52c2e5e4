import { z } from 'zod';
import { emailSchema, text } from './text.js';
import { PASSWORD_MAX, PASSWORD_MIN, type Role } from './constants.js';

/** Login validation with the exact messages of platform-core.md section 5; checked by both sides. */
export const loginSchema = z.object({
  email: emailSchema,
  password: text({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, 'Password must be at least 6 characters long')
    .max(PASSWORD_MAX, 'Password must be less than 255 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in user as the API presents it; never carries a password. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  batchId: string | null;
  lastLogin: string | null;
}

export interface LoginResponse {
  user: PublicUser;
}

/** First error message per field, for forms that show one error under each field. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
