import { z } from 'zod';
import { text } from './text.js';
import { ROSTER_MAX_CHARS } from './constants.js';
import { looksLikeFormula } from './formula.js';

/** Roster import: CSV with name, email and batch (name or id). */
export const rosterImportSchema = z.object({
  csv: text().min(1, 'The file is empty').max(ROSTER_MAX_CHARS, 'The file is too large (5 MB at most)'),
});

export interface RosterRow {
  line: number;
  name: string;
  email: string;
  batch: string;
  batchId: string | null;
  errors: string[];
  /** Warnings that do not stop the import (a name a spreadsheet would read as a formula). */
  notes?: string[];
}

export interface RosterPreview {
  rows: RosterRow[];
  valid: number;
  invalid: number;
}

export interface RosterImportResult {
  created: { name: string; email: string; batch: string; password: string }[];
  skipped: number;
}

export const FORMULA_NOTE = 'Starts like a spreadsheet formula: CSV exports show it with a leading apostrophe';

/**
 * The preview's note on a name a spreadsheet would run as a formula: it is imported as typed, and every
 * export writes it with a leading apostrophe (`escapeFormula`), so the guide is not surprised later.
 */
export function formulaNote(name: string): string | null {
  return looksLikeFormula(name) ? FORMULA_NOTE : null;
}
