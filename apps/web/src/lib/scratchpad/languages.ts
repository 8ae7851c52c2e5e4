import type { CodeLanguage, RunLanguage } from '@learn/shared';

export const runLanguageLabels: Record<RunLanguage, string> = { c: 'C', cpp: 'C++', python: 'Python' };

/** The languages a course area runs: C and C++ share the c-cpp prefix; Python has its own. */
export function courseLanguages(prefix: string): RunLanguage[] {
  return prefix === 'python' ? ['python'] : ['c', 'cpp'];
}

/**
 * The scratchpad's language for a lecture: its course says it (course ids carry `cpp` or `python`); in the
 * c-cpp area without such a marker, days 1-25 are C and days 26-50 C++.
 */
export function lectureLanguage(lecture: { courseId: string; prefix: string; day: number }): RunLanguage {
  if (lecture.prefix === 'python' || /python/.test(lecture.courseId)) return 'python';
  if (/cpp/.test(lecture.courseId)) return 'cpp';
  if (/(^|_)c(_|$)/.test(lecture.courseId)) return 'c';
  return lecture.day > 25 ? 'cpp' : 'c';
}

/** Code blocks the scratchpad can run (not shell snippets). */
export const isRunnable = (language: CodeLanguage): language is RunLanguage => language !== 'bash';
