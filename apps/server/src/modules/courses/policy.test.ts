import { describe, expect, it } from 'vitest';
import type { AccessKind } from '@learn/shared';
import { actorFor } from '../../../test/factories.js';
import {
  canCompleteLecture,
  canEditContent,
  canListCourses,
  canOpenLecture,
  hasCompletions,
  seesAllLectures,
  visibleSections,
} from './policy.js';

const none = new Set<AccessKind>();
const code = new Set<AccessKind>(['code']);

describe('courses policy', () => {
  it.each([
    [
      'guide, no grants',
      actorFor('guide'),
      none,
      { open: true, complete: false, edit: true, code: true, explanation: true, all: true, completions: false },
    ],
    [
      'student, no grants',
      actorFor('student'),
      none,
      { open: false, complete: false, edit: false, code: false, explanation: false, all: false, completions: true },
    ],
    [
      'student, code granted',
      actorFor('student'),
      code,
      { open: true, complete: true, edit: false, code: true, explanation: false, all: false, completions: true },
    ],
  ])('%s', (_what, actor, grants, expected) => {
    expect(canListCourses(actor)).toBe(true);
    expect(canOpenLecture(actor, grants)).toBe(expected.open);
    expect(canCompleteLecture(actor, grants)).toBe(expected.complete);
    expect(canEditContent(actor)).toBe(expected.edit);
    expect(visibleSections(actor, grants)).toMatchObject({ code: expected.code, explanation: expected.explanation });
    expect(seesAllLectures(actor)).toBe(expected.all);
    expect(hasCompletions(actor)).toBe(expected.completions);
  });
});
