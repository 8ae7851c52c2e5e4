/**
 * Formula escaping for CSV cells, on its own (no CSV library): the roster schema and every page that only
 * needs the rule stay free of papaparse, which the web app loads only with the pages that read or write CSV.
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would run this text as a formula (it starts with = + - @, a tab or a CR). */
export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/**
 * Defuses a cell a spreadsheet would run as a formula by prefixing an apostrophe, as OWASP recommends, so a
 * student named "=HYPERLINK(...)" stays text. Quoting is the writer's job, not this function's.
 */
export function escapeFormula(value: string): string {
  return looksLikeFormula(value) ? `'${value}` : value;
}
