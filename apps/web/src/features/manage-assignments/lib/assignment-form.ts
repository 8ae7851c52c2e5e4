import { assignmentEditSchema, type AssignmentEdit, type AssignmentView, type TaskType } from '@learn/shared';

export const MAX_TASKS = 2;
export const MIN_TASKS = 1;

export interface TaskForm {
  /** Stable React key. */
  key: string;
  /** Index of the saved task this one started as; null for a task added here. */
  origin: number | null;
  type: TaskType;
  content: string;
  initialCode: string;
}

export type TaskField = 'type' | 'content' | 'initialCode';
/** Errors per task index and field, plus errors about the task list itself. */
export interface FormErrors {
  tasks: Record<number, Partial<Record<TaskField, string>>>;
  list?: string;
}

let nextKey = 0;
const newKey = () => `task-${++nextKey}`;

export function toForm(view: AssignmentView): TaskForm[] {
  return view.tasks.map((t, i) => ({ key: newKey(), origin: i, type: t.type, content: t.content, initialCode: t.initialCode ?? '' }));
}

export function blankTask(): TaskForm {
  return { key: newKey(), origin: null, type: 'homework', content: '', initialCode: '' };
}

export function sameTasks(a: TaskForm[], b: TaskForm[]): boolean {
  return (
    a.length === b.length && a.every((t, i) => t.type === b[i]!.type && t.content === b[i]!.content && t.initialCode === b[i]!.initialCode)
  );
}

/** The PUT body, checked with the server's own schema; blank starter code is left out. */
export function parseTasks(tasks: TaskForm[]): { ok: true; value: AssignmentEdit } | { ok: false; errors: FormErrors } {
  const body = {
    tasks: tasks.map((t) => ({
      type: t.type,
      content: t.content,
      from: t.origin,
      ...(t.initialCode.trim() ? { initialCode: t.initialCode } : {}),
    })),
  };
  const r = assignmentEditSchema.safeParse(body);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, errors: errorsFromPaths(r.error.issues.map((i) => [i.path.map(String).join('.'), i.message])) };
}

/** Maps "tasks.1.content"-style paths (the schema's, or the server's `details.fields`) onto the form. */
export function errorsFromPaths(entries: [string, string][]): FormErrors {
  const out: FormErrors = { tasks: {} };
  for (const [path, message] of entries) {
    const m = /^tasks\.(\d+)\.(type|content|initialCode)/.exec(path);
    if (m) {
      const i = Number(m[1]);
      const field = m[2] as TaskField;
      out.tasks[i] ??= {};
      out.tasks[i][field] ??= message;
    } else out.list ??= message;
  }
  return out;
}

export type Grading =
  | { kind: 'autograded'; tests: number }
  | { kind: 'manual' }
  /** A saved autograded task whose type changed: its tests no longer apply. */
  | { kind: 'loses-tests'; tests: number };

/**
 * How the server will grade a task after a save: it keeps the tests of the saved task it was edited from
 * (`origin`, sent as `from`) while the type is unchanged, wherever it now stands; a changed type loses
 * them and a new task is graded by hand.
 */
export function gradingAfterSave(saved: AssignmentView['tasks'], task: TaskForm, _index: number): Grading {
  const origin = task.origin === null ? undefined : saved[task.origin];
  if (!origin?.autograded) return { kind: 'manual' };
  if (origin.type === task.type) return { kind: 'autograded', tests: origin.testCount };
  return { kind: 'loses-tests', tests: origin.testCount };
}
