import { z } from 'zod';
import { emailSchema, text } from './text.js';
import { PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MAX } from './constants.js';

/** Students and mates: the guide's people API contract (platform-core.md sections 3-8). */

export const requiredName = (what: string) =>
  text({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(PERSON_NAME_MAX, `${what} is too long`);
const email = emailSchema;
const password = text()
  .min(PASSWORD_MIN, 'Password must be at least 6 characters long')
  .max(PASSWORD_MAX, 'Password must be less than 255 characters');
/** Batch id: trimmed; empty means none (spec 5, "Add student"). */
const optionalBatchId = text()
  .trim()
  .max(100)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** A person's name and email, the same for the add forms and each roster row. */
export const personNameSchema = requiredName('Name');
export const createStudentSchema = z.object({ name: personNameSchema, email, batchId: optionalBatchId });
export type CreateStudentInput = z.infer<typeof createStudentSchema>;

/** Edit: only what is sent changes; a password is changed only when a non-empty one is sent. */
export const updateStudentSchema = z.object({
  name: requiredName('Name').optional(),
  email: email.optional(),
  batchId: optionalBatchId,
  password: z.union([z.literal(''), password]).optional(),
});
export type UpdateStudentInput = z.infer<typeof updateStudentSchema>;

export const createGuideSchema = z.object({ name: requiredName('Name'), email });
export type CreateGuideInput = z.infer<typeof createGuideSchema>;

export const updateGuideSchema = z.object({
  name: requiredName('Name').optional(),
  email: email.optional(),
  password: z.union([z.literal(''), password]).optional(),
});
export type UpdateGuideInput = z.infer<typeof updateGuideSchema>;

export interface StudentRow {
  id: string;
  name: string;
  email: string;
  role: 'student';
  batchId: string | null;
  batchName: string | null;
  lastLogin: string | null;
  createdAt: string;
}

export interface GuideRow {
  id: string;
  name: string;
  email: string;
  role: 'guide';
  lastLogin: string | null;
  createdAt: string;
}

/** What the signed-in mate may do with a mate in the list: the server decides, the page only shows it. */
export interface MateAbilities {
  remove: boolean;
  /** Why removal is refused (the one reason that applies), when it is. */
  removeReason?: string;
}

/** GET /api/guides: each mate with what the caller may do with it. */
export type GuideListItem = GuideRow & { abilities: MateAbilities };

/** A new account and its generated password, shown once. */
export interface CreatedAccount<T> {
  user: T;
  password: string;
}
