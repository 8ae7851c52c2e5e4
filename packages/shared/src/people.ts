import { z } from 'zod';
import { emailSchema, text } from './text.js';
import { PASSWORD_MAX, PASSWORD_MIN, PERSON_NAME_MAX, ROSTER_MAX_CHARS } from './constants.js';
import type { AccessKind } from './courses.js';
import type { BadgeAward } from './courses.js';

/** People, batches and access: the guide's management API contract (platform-core.md sections 3-8). */

const name = (what: string) =>
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
export const personNameSchema = name('Name');
export const createStudentSchema = z.object({ name: personNameSchema, email, batchId: optionalBatchId });
export type CreateStudentInput = z.infer<typeof createStudentSchema>;

/** Edit: only what is sent changes; a password is changed only when a non-empty one is sent. */
export const updateStudentSchema = z.object({
  name: name('Name').optional(),
  email: email.optional(),
  batchId: optionalBatchId,
  password: z.union([z.literal(''), password]).optional(),
});
export type UpdateStudentInput = z.infer<typeof updateStudentSchema>;

export const createGuideSchema = z.object({ name: name('Name'), email });
export type CreateGuideInput = z.infer<typeof createGuideSchema>;

export const updateGuideSchema = z.object({
  name: name('Name').optional(),
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

export const batchSchema = z.object({ name: name('Batch name') });
export interface BatchRow {
  id: string;
  name: string;
  studentCount: number;
}

/** GET /api/access?courseId= — the Course Access matrix. */
export interface AccessMatrix {
  courseId: string;
  lectures: { id: string; day: number; title: string }[];
  students: { id: string; name: string; batchId: string | null }[];
  /** kind -> student id -> lecture ids granted. */
  grants: Record<AccessKind, Record<string, string[]>>;
}

/** GET /api/students/:id/progress */
export interface StudentProgress {
  student: StudentRow;
  courses: {
    courseId: string;
    title: string;
    lectureCount: number;
    completed: { lectureId: string; day: number; title: string; completedAt: string }[];
  }[];
  badges: BadgeAward[];
  homework: { lectureId: string; lectureTitle: string; grade: string | null; submittedAt: string }[];
  exams: { examId: string; title: string; status: string; grade: number | null; maxGrade: number | null }[];
}

/** Roster import: CSV with name, email and batch (name or id). */
export const rosterImportSchema = z.object({
  csv: text().min(1, 'The file is empty').max(ROSTER_MAX_CHARS, 'The file is too large (5 MB at most)'),
});

export interface RosterRow {
  line: number;
  name: string;
  email: string;
  batch: string;
  batchId: string | null;
  errors: string[];
}

export interface RosterPreview {
  rows: RosterRow[];
  valid: number;
  invalid: number;
}

export interface RosterImportResult {
  created: { name: string; email: string; batch: string; password: string }[];
  skipped: number;
}

/** A live event pushed over /api/ws. */
export type LiveEvent = { type: 'access.changed'; studentId: string } | { type: 'hello'; userId: string };
