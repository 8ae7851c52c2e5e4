/** The draft of one task, kept per user in the browser so typing survives reloads and failed submits. */
export const taskDraftKey = (userId: string, lectureId: string, taskIndex: number) => `learn.homework.${userId}.${lectureId}.${taskIndex}`;

export function loadTaskDraft(userId: string, lectureId: string, taskIndex: number): string | null {
  try {
    return localStorage.getItem(taskDraftKey(userId, lectureId, taskIndex));
  } catch {
    return null;
  }
}

export function saveTaskDraft(userId: string, lectureId: string, taskIndex: number, code: string): void {
  try {
    localStorage.setItem(taskDraftKey(userId, lectureId, taskIndex), code);
  } catch {
    /* storage full or blocked: the code stays in the editor for this visit */
  }
}

/** The first line where actual and expected output differ (0-based), or -1 when they match line by line. */
export function firstDifferentLine(actual: string, expected: string): number {
  const a = actual.replace(/\r\n/g, '\n').split('\n');
  const e = expected.replace(/\r\n/g, '\n').split('\n');
  for (let i = 0; i < Math.max(a.length, e.length); i++) if ((a[i] ?? '').trimEnd() !== (e[i] ?? '').trimEnd()) return i;
  return -1;
}

/** The button a task shows: exercises are tried, homework is started, then resubmitted. */
export function taskAction(type: 'exercise' | 'homework', submitted: boolean): 'Try It' | 'Start Homework' | 'Resubmit' {
  if (type === 'exercise') return 'Try It';
  return submitted ? 'Resubmit' : 'Start Homework';
}
