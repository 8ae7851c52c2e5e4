import { z } from 'zod';
import { text } from './text.js';
import { ROSTER_MAX_CHARS } from './constants.js';

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
