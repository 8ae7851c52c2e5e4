import { accessKinds, type AccessChange, type AccessKind, type AccessMatrix } from '@learn/shared';

/** What the guide sees for each kind: the tab names of the lecture page (spec 6). */
export const kindLabels: Record<AccessKind, string> = {
  explanation: 'Explanations',
  code: 'Code & Examples',
  assignment: 'Assignments',
};

/** Granted lecture ids per student, per kind, as sets for quick lookup. */
export type GrantSets = Record<AccessKind, Map<string, Set<string>>>;

/** Changes waiting to be saved: kind -> student -> lecture -> granted. Only cells that differ from the server. */
export type Pending = Record<AccessKind, Record<string, Record<string, boolean>>>;

export const emptyPending = (): Pending => ({ explanation: {}, code: {}, assignment: {} });

export function grantSets(matrix: AccessMatrix): GrantSets {
  const sets = {} as GrantSets;
  for (const kind of accessKinds) {
    const map = new Map<string, Set<string>>();
    for (const [studentId, ids] of Object.entries(matrix.grants[kind] ?? {})) map.set(studentId, new Set(ids));
    sets[kind] = map;
  }
  return sets;
}

/**
 * Sets the cells students x lectures of one kind to `granted`. A cell set back to what the server holds is
 * no longer pending. Students whose cells do not change keep their object, so their rows need not re-render.
 */
export function setCells(
  pending: Pending,
  base: GrantSets,
  kind: AccessKind,
  studentIds: readonly string[],
  lectureIds: readonly string[],
  granted: boolean,
): Pending {
  const byStudent = pending[kind];
  let nextKind: Record<string, Record<string, boolean>> | undefined;
  for (const sid of studentIds) {
    const held = base[kind].get(sid);
    const current = byStudent[sid];
    let next: Record<string, boolean> | undefined;
    for (const lid of lectureIds) {
      const onServer = held?.has(lid) ?? false;
      const was = current?.[lid];
      if (onServer === granted) {
        if (was === undefined) continue;
        next ??= { ...current };
        delete next[lid];
      } else {
        if (was === granted) continue;
        next ??= { ...current };
        next[lid] = granted;
      }
    }
    if (next) {
      nextKind ??= { ...byStudent };
      if (Object.keys(next).length) nextKind[sid] = next;
      else delete nextKind[sid];
    }
  }
  return nextKind ? { ...pending, [kind]: nextKind } : pending;
}

/** Whether a cell shows as granted: the pending value, else the server's. */
export function isGranted(pending: Pending, base: GrantSets, kind: AccessKind, studentId: string, lectureId: string): boolean {
  return pending[kind][studentId]?.[lectureId] ?? base[kind].get(studentId)?.has(lectureId) ?? false;
}

export function countPending(pending: Pending, kind?: AccessKind): number {
  let n = 0;
  for (const k of kind ? [kind] : accessKinds) for (const cells of Object.values(pending[k])) n += Object.keys(cells).length;
  return n;
}

/** The one change set for PUT /api/access. */
export function toChanges(pending: Pending): AccessChange[] {
  const changes: AccessChange[] = [];
  for (const kind of accessKinds)
    for (const [studentId, cells] of Object.entries(pending[kind]))
      for (const [lectureId, granted] of Object.entries(cells)) changes.push({ studentId, lectureId, kind, granted });
  return changes;
}

/** The matrix after the changes were applied, so the grid does not flash back while it reloads. */
export function applyChanges(matrix: AccessMatrix, changes: readonly AccessChange[]): AccessMatrix {
  const grants = {} as AccessMatrix['grants'];
  for (const kind of accessKinds) {
    const byStudent: Record<string, Set<string>> = {};
    for (const [sid, ids] of Object.entries(matrix.grants[kind] ?? {})) byStudent[sid] = new Set(ids);
    for (const c of changes) {
      if (c.kind !== kind) continue;
      const set = (byStudent[c.studentId] ??= new Set());
      if (c.granted) set.add(c.lectureId);
      else set.delete(c.lectureId);
    }
    grants[kind] = Object.fromEntries(Object.entries(byStudent).map(([sid, set]) => [sid, [...set]]));
  }
  return { ...matrix, grants };
}
