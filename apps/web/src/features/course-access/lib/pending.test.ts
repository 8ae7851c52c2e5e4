import { describe, expect, it } from 'vitest';
import type { AccessMatrix } from '@learn/shared';
import { applyChanges, countPending, emptyPending, grantSets, isGranted, setCells, toChanges } from './pending';

const matrix: AccessMatrix = {
  courseId: 'c',
  lectures: [
    { id: 'l1', day: 1, title: 'One' },
    { id: 'l2', day: 2, title: 'Two' },
  ],
  students: [
    { id: 's1', name: 'Alice', batchId: 'b1' },
    { id: 's2', name: 'Bob', batchId: null },
  ],
  grants: { explanation: { s1: ['l1'] }, code: {}, assignment: {} },
};

describe('pending access changes', () => {
  const base = grantSets(matrix);

  it('records only cells that differ from the server and forgets a cell set back', () => {
    let p = setCells(emptyPending(), base, 'explanation', ['s1', 's2'], ['l1', 'l2'], true);
    // s1 already holds l1: only s1/l2, s2/l1, s2/l2 are pending.
    expect(countPending(p)).toBe(3);
    expect(isGranted(p, base, 'explanation', 's2', 'l2')).toBe(true);
    p = setCells(p, base, 'explanation', ['s2'], ['l1', 'l2'], false);
    expect(countPending(p)).toBe(1);
    expect(toChanges(p)).toEqual([{ studentId: 's1', lectureId: 'l2', kind: 'explanation', granted: true }]);
  });

  it('keeps untouched students and kinds as they were', () => {
    const p1 = setCells(emptyPending(), base, 'code', ['s1'], ['l1'], true);
    const p2 = setCells(p1, base, 'code', ['s2'], ['l2'], true);
    expect(p2.code.s1).toBe(p1.code.s1);
    expect(p2.explanation).toBe(p1.explanation);
    expect(setCells(p2, base, 'code', ['s2'], ['l2'], true)).toBe(p2);
  });

  it('revokes what the server holds and applies changes to the matrix', () => {
    const p = setCells(emptyPending(), base, 'explanation', ['s1'], ['l1'], false);
    expect(countPending(p, 'explanation')).toBe(1);
    expect(countPending(p, 'code')).toBe(0);
    const next = applyChanges(matrix, [...toChanges(p), { studentId: 's2', lectureId: 'l2', kind: 'assignment', granted: true }]);
    expect(next.grants.explanation.s1).toEqual([]);
    expect(next.grants.assignment.s2).toEqual(['l2']);
  });
});
