import { describe, expect, it } from 'vitest';
import { parseCsv, type RosterRow, type StudentRow } from '@learn/shared';
import { ALL_BATCHES, filterStudents, NO_BATCH, passwordsCsv, previewRowsToShow } from './roster';
import { formatLastLogin } from '../../../lib/format-date';

const student = (id: string, name: string, email: string, batchId: string | null): StudentRow => ({
  id,
  name,
  email,
  role: 'student',
  batchId,
  batchName: batchId,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('roster helpers', () => {
  const rows = [
    student('1', 'Ada Lovelace', 'ada@x.io', 'b1'),
    student('2', 'Bob', 'bob@x.io', null),
    student('3', 'Cy', 'LOVE@x.io', 'b2'),
  ];

  it('filters by name or email, any case, and by batch or no batch', () => {
    expect(filterStudents(rows, 'love', ALL_BATCHES).map((s) => s.id)).toEqual(['1', '3']);
    expect(filterStudents(rows, '  BOB@ ', ALL_BATCHES).map((s) => s.id)).toEqual(['2']);
    expect(filterStudents(rows, '', NO_BATCH).map((s) => s.id)).toEqual(['2']);
    expect(filterStudents(rows, 'love', 'b2').map((s) => s.id)).toEqual(['3']);
  });

  it('shows rows with errors first and at most the limit', () => {
    const preview: RosterRow[] = Array.from({ length: 500 }, (_, i) => ({
      line: i + 1,
      name: `S${i}`,
      email: `s${i}@x.io`,
      batch: '',
      batchId: null,
      errors: i % 100 === 99 ? ['Please enter a valid email address'] : [],
    }));
    const shown = previewRowsToShow(preview, 200);
    expect(shown).toHaveLength(200);
    expect(shown.slice(0, 5).map((r) => r.line)).toEqual([100, 200, 300, 400, 500]);
    expect(shown[5]!.line).toBe(1);
  });

  it('writes name,email,batch,password with quoting and defused formulas', () => {
    const csv = passwordsCsv([
      { name: 'Lovelace, Ada', email: 'ada@x.io', batch: 'Spring 2024', password: 'abcDEF12' },
      { name: '=HYPERLINK("x")', email: 'b@x.io', batch: '', password: 'Zz9Zz9Zz' },
    ]);
    expect(csv).toBe(
      'name,email,batch,password\r\n"Lovelace, Ada",ada@x.io,Spring 2024,abcDEF12\r\n"\'=HYPERLINK(""x"")",b@x.io,,Zz9Zz9Zz\r\n',
    );
  });

  it('writes passwords that survive a round trip through the CSV reader: UTF-8, quotes, line breaks', () => {
    const created = [{ name: 'Zoë "Z" 李\nRow', email: 'z@x.io', batch: '@Spring, 2024', password: 'aB3xYz9Q' }];
    expect(parseCsv(passwordsCsv(created)).map((r) => r.cells)).toEqual([
      ['name', 'email', 'batch', 'password'],
      // A batch name starting with "@" comes back escaped, as any text a spreadsheet would run.
      ['Zoë "Z" 李\nRow', 'z@x.io', "'@Spring, 2024", 'aB3xYz9Q'],
    ]);
  });

  it("says 'Never' for a student who has not signed in", () => {
    expect(formatLastLogin(null)).toBe('Never');
    expect(formatLastLogin('2025-03-12T10:00:00.000Z')).toMatch(/2025/);
  });
});
