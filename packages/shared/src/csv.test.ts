import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.js';
import { escapeFormula, looksLikeFormula } from './formula.js';

describe('escapeFormula (OWASP CSV injection)', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['Ada', 'Ada'],
    ['a=b', 'a=b'],
    ['', ''],
    [' =x', ' =x'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeFormula(input)).toBe(expected);
    expect(looksLikeFormula(input)).toBe(expected !== input);
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, escapes formulas in text cells, ends every row with CRLF', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', '=1+1', -5, 3.5, null, undefined]])).toBe(
      '"a,b","say ""hi""","two\nlines",\'=1+1,-5,3.5,,\r\n',
    );
    expect(toCsv([['x'], ['y']], { bom: true })).toBe('\uFEFFx\r\ny\r\n');
    expect(toCsv([])).toBe('');
  });

  it('round-trips commas, quotes, line breaks and UTF-8 through the parser; a formula comes back escaped', () => {
    const rows = [
      ['name', 'note'],
      ['Lovelace, Ada', 'said "hello"'],
      ['Zoë Ångström 李雷', 'line one\r\nline two'],
      ['=HYPERLINK("http://x","y")', '@SUM(1)'],
    ];
    const back = parseCsv(toCsv(rows, { bom: true })).map((r) => r.cells);
    expect(back).toEqual([
      ['name', 'note'],
      ['Lovelace, Ada', 'said "hello"'],
      // Line ends are read as LF whatever the file used.
      ['Zoë Ångström 李雷', 'line one\nline two'],
      [`'=HYPERLINK("http://x","y")`, "'@SUM(1)"],
    ]);
  });
});

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, commas and line breaks in cells, CRLF and a BOM, with start lines', () => {
    const rows = parseCsv('\uFEFFname,email,batch\r\n"Lovelace, Ada",ada@x.io,"Spring 2024"\r\n"Say ""hi""\nthere",b@x.io,\n\n');
    expect(rows).toEqual([
      { line: 1, cells: ['name', 'email', 'batch'] },
      { line: 2, cells: ['Lovelace, Ada', 'ada@x.io', 'Spring 2024'] },
      { line: 3, cells: ['Say "hi"\nthere', 'b@x.io', ''] },
    ]);
  });

  it('skips blank rows but counts their lines, trims cells, accepts CR-only line ends', () => {
    expect(parseCsv('a , b\n\n , \n"c\n\nd",e\rf,g')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 4, cells: ['c\n\nd', 'e'] },
      { line: 7, cells: ['f', 'g'] },
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});
