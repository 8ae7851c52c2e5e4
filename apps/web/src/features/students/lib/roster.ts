import { toCsv, type RosterImportResult, type RosterRow, type StudentRow } from '@learn/shared';

/** The batch filter's values besides a batch id. */
export const ALL_BATCHES = 'all';
export const NO_BATCH = 'none';

/** Students whose name or email contains the search (any case), in the chosen batch. */
export function filterStudents(students: StudentRow[], search: string, batch: string): StudentRow[] {
  const q = search.trim().toLowerCase();
  return students.filter((s) => {
    if (batch === NO_BATCH ? s.batchId !== null : batch !== ALL_BATCHES && s.batchId !== batch) return false;
    return !q || s.name.toLowerCase().includes(q) || s.email.toLowerCase().includes(q);
  });
}

/** How many preview rows are drawn at most; a file of thousands of rows stays responsive. */
export const PREVIEW_ROW_LIMIT = 200;

/** The rows to draw: those with errors first (in file order), then the valid ones, at most `limit`. */
export function previewRowsToShow(rows: RosterRow[], limit = PREVIEW_ROW_LIMIT): RosterRow[] {
  const out: RosterRow[] = [];
  for (const r of rows) if (r.errors.length && out.length < limit) out.push(r);
  for (const r of rows) if (!r.errors.length && out.length < limit) out.push(r);
  return out;
}

/**
 * name,email,batch,password for the created accounts, built in the browser from the import's answer
 * (quoting and formula escaping: the shared `toCsv`, as every server export).
 */
export function passwordsCsv(created: RosterImportResult['created']): string {
  return toCsv([['name', 'email', 'batch', 'password'], ...created.map((c) => [c.name, c.email, c.batch, c.password])]);
}

/** Saves text as a file through a temporary link; the data never leaves the browser. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
