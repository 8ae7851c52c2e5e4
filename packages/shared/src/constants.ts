/** Business constants shared by both sides (platform-core.md section 9). */

export const coursePrefixes = ['c-cpp', 'python'] as const;
export type CoursePrefix = (typeof coursePrefixes)[number];

export function isCoursePrefix(value: string | undefined): value is CoursePrefix {
  return (coursePrefixes as readonly string[]).includes(value ?? '');
}

/** Display name of a prefix in breadcrumbs and the login heading. */
export const prefixLabels: Record<CoursePrefix, { breadcrumb: string; login: string; sidebar: string; track: string }> = {
  'c-cpp': { breadcrumb: 'C & C++', login: 'C / C++', sidebar: 'Learn C/C++', track: 'C & C++ Programming' },
  python: { breadcrumb: 'Python', login: 'Python', sidebar: 'Learn Python', track: 'Python Programming' },
};

export const roles = ['student', 'guide'] as const;
export type Role = (typeof roles)[number];

/** Lectures a student must have completed (by day number) to unlock each week's exam. */
export const examUnlockThresholds: Record<number, number> = { 1: 7, 2: 14, 3: 21, 4: 25, 5: 32, 6: 38, 7: 44, 8: 50 };

export const gradeLetters = ['A', 'B', 'C', 'D', 'F'] as const;
export type GradeLetter = (typeof gradeLetters)[number];

export const PASSWORD_MIN = 6;
/** Passwords must be under 255 characters (spec 5), i.e. at most 254. */
export const PASSWORD_MAX = 254;
export const GENERATED_PASSWORD_LENGTH = 8;

export const NOTIFICATION_DURATION_MS = 5000;
export const NOTIFICATION_ERROR_DURATION_MS = 8000;

export const DEFAULT_EXAM_DURATION_MIN = 60;
export const RECENT_GRADES_SHOWN = 3;
export const BADGES_SHOWN = 3;
export const GREEN_GRADE_ABOVE = 80;
export const STATUS_CHECK_INTERVAL_MS = 30_000;
export const COPY_CONFIRMATION_MS = 2000;
export const CHAT_RETENTION_MS = 48 * 60 * 60 * 1000;

export const PARTICLE_COUNT = 100;
export const PARTICLE_LINK_DISTANCE = 120;

export const defaultBatchNames = ['Spring 2024', 'Summer 2024', 'Fall 2024', 'Spring 2025', 'Summer 2025', 'Fall 2025'] as const;

/** Roster import limits, said by the page and enforced by the server. */
export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_CHARS = 5_000_000;
export const PERSON_NAME_MAX = 200;
