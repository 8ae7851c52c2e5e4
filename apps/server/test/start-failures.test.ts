import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Issue 31: a start that cannot work says why in one JSON line and exits non-zero, without a stack trace. */
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'learn-start-fail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', DATA_DIR: dir, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = `${r.stdout}${r.stderr}`.split('\n').filter(Boolean);
  return { code: r.status, lines, records: lines.map((l) => JSON.parse(l) as { level: number; msg: string }) };
}

describe('a start that cannot work', () => {
  it('an unreachable PostgreSQL: one line naming the database (never its password), exit 1', () => {
    const r = start({ DATABASE_URL: 'postgres://learn:s3cret@127.0.0.1:1/school' });
    expect(r.code).toBe(1);
    expect(r.records).toHaveLength(1);
    expect(r.records[0]!.level).toBe(50);
    expect(r.records[0]!.msg).toMatch(/^Cannot start: the database \(PostgreSQL at 127\.0\.0\.1:1\/school\) failed: .*ECONNREFUSED/);
    expect(r.lines.join('\n')).not.toContain('s3cret');
    expect(r.lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('an invalid setting: one line naming the variable, exit 1', () => {
    const r = start({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.records).toHaveLength(1);
    expect(r.records[0]!.msg).toContain('PORT');
  });
});
