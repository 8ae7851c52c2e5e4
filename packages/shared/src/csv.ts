import Papa from 'papaparse';
import { escapeFormula } from './formula.js';

/**
 * CSV for every export and import (issue 28): reading and writing go through papaparse, a maintained
 * RFC 4180 implementation that runs in the browser and in Node; the one rule of our own is the formula
 * escaping below, kept here so the server's exports and the web's downloads cannot drift apart.
 */

export type CsvValue = string | number | null | undefined;

/**
 * Rows as CSV text: CRLF line ends (RFC 4180), a line end after the last row, cells quoted when they hold
 * a comma, a quote or a line break, and every text cell formula-escaped. Numbers are written as they are:
 * our own figures (a negative score delta, say) are never formulas. `bom` puts a UTF-8 byte-order mark
 * first, which Excel needs to read UTF-8 names correctly.
 */
export function toCsv(rows: readonly (readonly CsvValue[])[], opts: { bom?: boolean } = {}): string {
  const cells = rows.map((row) =>
    row.map((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : escapeFormula(v))),
  );
  // papaparse's own escapeFormulae is off: the rule above is the one place, tested on its own.
  const body = cells.length ? Papa.unparse(cells, { newline: '\r\n', escapeFormulae: false, quotes: false }) + '\r\n' : '';
  return (opts.bom ? '\uFEFF' : '') + body;
}

export interface CsvRow {
  /** The 1-based line of the file where the row starts (a quoted cell may span lines). */
  line: number;
  /** The cells, trimmed. */
  cells: string[];
}

/**
 * Reads CSV text into rows of trimmed cells with their line numbers. Accepts a UTF-8 byte-order mark and
 * CRLF, LF or CR line ends (even mixed, as files edited on two systems have); rows whose cells are all
 * empty are left out.
 */
export function parseCsv(text: string): CsvRow[] {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const rows: CsvRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(src, {
    newline: '\n',
    step(result) {
      const cells = result.data.map((c) => c.trim());
      if (cells.some((c) => c !== '')) rows.push({ line, cells });
      // The cursor stands after this row's line end: the next row starts on the line after it.
      const end = result.meta.cursor;
      for (let i = start; i < end; i++) if (src.charCodeAt(i) === 10) line++;
      start = end;
    },
  });
  return rows;
}
