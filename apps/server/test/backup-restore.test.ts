import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import SQLite from 'better-sqlite3';
import { startServerProcess, type Instance } from './instances.js';

/**
 * Issue 31: the operator's commands on SQLite, run as an operator runs them: back up a running server
 * (one file), restore into a new data folder, sign in there and find the chat image; refuse nonsense (no
 * source, an empty one, an occupied target); reset a password.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const GUIDE = 'guide@example.com';
const PASSWORD = 'backup-guide-password';
const dirs: string[] = [];
const folder = () => {
  const d = mkdtempSync(join(tmpdir(), 'learn-ops-'));
  dirs.push(d);
  return d;
};
/** `npm run <script> -- <args>` as the operator types it (npm adds only its banner). */
const npmRun = (script: string, args: string[], env: Record<string, string>) => {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, PASSWORD_HASH: 'scrypt', PASSWORD_HASH_COST: '12', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
};
const json = { 'content-type': 'application/json' };
async function signIn(i: Instance, email: string, password: string) {
  const res = await fetch(`${i.base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}
const running: Instance[] = [];
const start = async (name: string, dataDir: string) => {
  const i = await startServerProcess(name, { databaseUrl: '', guidePassword: PASSWORD, env: { DATA_DIR: dataDir } });
  running.push(i);
  return i;
};
const stop = async (i: Instance) => {
  i.child.kill('SIGTERM');
  expect(await i.exited).toBe(0);
};

afterAll(() => {
  for (const i of running) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('backup, restore and sign in (SQLite)', () => {
  it('backs up a running server into one file, restores it into a new folder, and the school is all there', async () => {
    const live = folder();
    const a = await start('A', live);
    const guide = (await signIn(a, GUIDE, PASSWORD)).cookie;
    const student = await fetch(`${a.base}/api/students`, {
      method: 'POST',
      headers: { ...json, cookie: guide },
      body: JSON.stringify({ name: 'Backup Student', email: 'backup.student@example.com' }),
    });
    const { user } = (await student.json()) as { user: { id: string } };
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const sent = await fetch(`${a.base}/api/chat/conversations/${user.id}/images`, {
      method: 'POST',
      headers: { cookie: guide, 'content-type': 'image/png', 'x-caption-bytes': '5' },
      body: Buffer.concat([Buffer.from('hello'), photo]),
    });
    expect(sent.status).toBe(201);
    const { imageUrl } = (await sent.json()) as { imageUrl: string };
    const original = Buffer.from(await (await fetch(`${a.base}${imageUrl}`, { headers: { cookie: guide } })).arrayBuffer());

    // While A runs: one consistent file, nothing beside it.
    const backups = folder();
    const file = join(backups, 'school.db');
    const backup = npmRun('db:backup', [file], { DATA_DIR: live });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`written to ${file}`);
    expect(backup.out).toMatch(/2 accounts, 1 chat images/);
    expect(readdirSync(backups)).toEqual(['school.db']);
    expect(npmRun('db:backup', [file], { DATA_DIR: live }).out).toContain('already exists');
    await stop(a);

    const fresh = join(folder(), 'data');
    const restore = npmRun('db:restore', [file], { DATA_DIR: fresh });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain(`Restored ${file} into ${join(fresh, 'learn.db')}: 2 accounts, 1 chat images, integrity checked`);
    // Not over a database already there.
    const again = npmRun('db:restore', [file], { DATA_DIR: fresh });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already exists: restore into a new, empty data folder');

    const b = await start('B', fresh);
    const restored = await signIn(b, GUIDE, PASSWORD);
    expect(restored.status).toBe(200);
    const image = await fetch(`${b.base}${imageUrl}`, { headers: { cookie: restored.cookie } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(original)).toBe(true);
    const messages = (await (
      await fetch(`${b.base}/api/chat/conversations/${user.id}`, { headers: { cookie: restored.cookie } })
    ).json()) as {
      messages: { text: string }[];
    };
    expect(messages.messages.map((m) => m.text)).toEqual(['hello']);

    // A new password for the mate account, while B runs: the old one stops working, the new one works.
    const reset = npmRun('user:reset-password', [GUIDE], { DATA_DIR: fresh });
    expect(reset.code, reset.out).toBe(0);
    const newPassword = /^\s{4}(\S+)$/m.exec(reset.out)?.[1];
    expect(newPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await signIn(b, GUIDE, PASSWORD)).status).toBe(401);
    expect((await signIn(b, GUIDE, newPassword!)).status).toBe(200);
    const unknown = npmRun('user:reset-password', ['nobody@example.com'], { DATA_DIR: fresh });
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account with the email nobody@example.com');
    await stop(b);
  }, 240_000);

  it('refuses a missing or empty source instead of reporting an empty copy', async () => {
    const empty = folder();
    const copy = npmRun('db:copy', ['--to', 'postgres://postgres@127.0.0.1:5432/never_used'], { DATA_DIR: empty });
    expect(copy.code).toBe(1);
    expect(copy.out).toContain(`Copy refused: No database at ${join(empty, 'learn.db')}`);
    expect(existsSync(join(empty, 'learn.db'))).toBe(false); // nothing created on the way
    const backup = npmRun('db:backup', [], { DATA_DIR: empty });
    expect(backup.code).toBe(1);
    expect(backup.out).toContain('Backup refused: No database at');
    // A learn.db that holds nothing of a school (created by hand, or by an older db:copy run).
    const blank = folder();
    new SQLite(join(blank, 'learn.db')).exec('create table notes (id integer)');
    const fromBlank = npmRun('db:copy', ['--to', 'postgres://postgres@127.0.0.1:5432/never_used'], { DATA_DIR: blank });
    expect(fromBlank.code).toBe(1);
    expect(fromBlank.out).toContain('is not a Learn database');
    const restore = npmRun('db:restore', [join(empty, 'nothing.db')], { DATA_DIR: folder() });
    expect(restore.code).toBe(1);
    expect(restore.out).toContain('Restore refused: No database at');
  }, 120_000);
});
