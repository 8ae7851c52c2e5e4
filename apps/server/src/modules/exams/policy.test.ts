import { describe, expect, it } from 'vitest';
import { EXAM_UNLOCK_LECTURES, type ExamQuestion } from '@learn/shared';
import { actorFor } from '../../../test/factories.js';
import { canManageExams, canTakeExams, lecturesToUnlock, mcqPoints, scoreWithinLimits, startedWarning } from './policy.js';

const mcq: ExamQuestion = { id: 'q1', type: 'mcq', prompt: 'p', points: 10, options: ['a', 'b'], correctOption: 1 };
const code: ExamQuestion = { id: 'q2', type: 'code', prompt: 'p', points: 5, starterCode: '' };

describe('exams policy', () => {
  it.each([
    ['guide', true, false],
    ['student', false, true],
  ] as const)('%s manages exams: %s, takes them: %s', (role, manages, takes) => {
    expect(canManageExams(actorFor(role))).toBe(manages);
    expect(canTakeExams(actorFor(role))).toBe(takes);
  });

  it.each([
    [1, 0, EXAM_UNLOCK_LECTURES[1]!],
    [1, EXAM_UNLOCK_LECTURES[1]! - 1, 1],
    [1, EXAM_UNLOCK_LECTURES[1]!, 0],
    [1, 100, 0],
    [99, 0, EXAM_UNLOCK_LECTURES[8]!], // an unknown week needs what the last one does
  ])('week %i with %i lectures completed: %i still to complete', (week, completed, expected) => {
    expect(lecturesToUnlock(week, completed)).toBe(expected);
  });

  it.each([
    [mcq, 1, 10],
    [mcq, 0, 0],
    [mcq, '1', 0], // the option's index as text is not an answer
    [mcq, undefined, 0],
    [code, 'print(1)', null], // graded by a guide
  ] as const)('mcqPoints(%o, %o) is %o', (question, answer, expected) => {
    expect(mcqPoints(question, answer)).toBe(expected);
  });

  it.each([
    [0, true],
    [10, true],
    [10.5, false],
    [-1, false],
    [Number.NaN, false],
  ])('a score of %d on a 10-point question is within limits: %s', (score, expected) => {
    expect(scoreWithinLimits(score, mcq)).toBe(expected);
  });

  it.each([
    [{ inProgress: 0, submitted: 0, graded: 0 }, null],
    [{ inProgress: 2, submitted: 0, graded: 0 }, /2 student\(s\) are taking it now/],
    [{ inProgress: 0, submitted: 1, graded: 2 }, /3 submission\(s\) keep their answers/],
  ] as const)('editing with attempts %o warns %s', (counts, expected) => {
    const warning = startedWarning(counts);
    if (expected === null) expect(warning).toBeNull();
    else expect(warning).toMatch(expected);
  });
});
