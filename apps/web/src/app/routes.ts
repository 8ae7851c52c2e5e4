import type { CoursePrefix, Role } from '@learn/shared';

/** Where each role lands inside a course area. */
export function homePath(prefix: CoursePrefix, role: Role): string {
  return `/${prefix}/${role === 'guide' ? 'guide' : 'student'}`;
}

export interface PageDef {
  /** Path below /{prefix}/ (first segment). */
  segment: string;
  /** Breadcrumb and page title. */
  label: string;
  /** Sidebar label where it differs. */
  navLabel?: string;
  roles: Role[];
  /** Shown in the sidebar for its roles. */
  inNav: boolean;
}

/** Every page of spec 2 with who may open it (content-and-features.md section 6). */
export const pages: PageDef[] = [
  { segment: 'student', label: 'Dashboard', roles: ['student'], inNav: true },
  { segment: 'guide', label: 'Dashboard', roles: ['guide'], inNav: true },
  { segment: 'assignments', label: 'Assignments', roles: ['student'], inNav: true },
  { segment: 'exams', label: 'Exams', roles: ['student'], inNav: true },
  { segment: 'exam', label: 'Take Exam', roles: ['student'], inNav: false },
  { segment: 'lecture', label: 'Lecture', roles: ['student', 'guide'], inNav: false },
  { segment: 'manage-course', label: 'Course Access', roles: ['guide'], inNav: true },
  { segment: 'manage-lectures', label: 'Manage Lectures', roles: ['guide'], inNav: true },
  { segment: 'manage-homework', label: 'Manage Assignments', roles: ['guide'], inNav: true },
  { segment: 'manage-students', label: 'Students', roles: ['guide'], inNav: true },
  { segment: 'analytics', label: 'Course Analytics', navLabel: 'Analytics', roles: ['guide'], inNav: true },
  { segment: 'manage-batches', label: 'Batches', roles: ['guide'], inNav: true },
  { segment: 'manage-guides', label: 'Manage Mates', roles: ['guide'], inNav: true },
  { segment: 'manage-exams', label: 'Manage Exams', roles: ['guide'], inNav: true },
  { segment: 'grade-exams', label: 'Grade Exams', roles: ['guide'], inNav: true },
  { segment: 'student-progress', label: 'Student Progress', roles: ['guide'], inNav: true },
  // Issue 30: reached from Manage Assignments and Grade Exams.
  { segment: 'similar', label: 'Similar submissions', roles: ['guide'], inNav: false },
];

export function pageFor(segment: string | undefined): PageDef | undefined {
  return pages.find((p) => p.segment === segment);
}

export function roleLabel(role: Role): string {
  return role === 'guide' ? 'Mate' : 'Student';
}
