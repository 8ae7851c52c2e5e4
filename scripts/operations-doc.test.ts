import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort } from '../apps/server/test/instances.js';

/**
 * Issue 31: every command of docs/operations.md, run as written, in the order of the page. ```sh blocks
 * must exit 0; ```sh server blocks start the server, which must become ready and (stopped by the next
 * server block, by a block that needs it stopped, or at the end) drain and exit 0 on SIGTERM. The page's
 * example places are mapped to the test's own: /srv/learn to a scratch folder, the example PostgreSQL
 * database to scratch databases, the example Redis to TEST_REDIS_URL, port 3000 to a free port, `git pull`
 * to a scratch clone. Needs TEST_DATABASE_URL and TEST_REDIS_URL (as .ci/run sets them).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

export interface DocBlock {
  kind: 'run' | 'server';
  lines: string[];
}

/** The ```sh blocks of a Markdown page, in order; each line one command. */
export function shellBlocks(markdown: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const fence = /^```sh( server)?\n([\s\S]*?)^```$/gm;
  for (const m of markdown.matchAll(fence)) {
    blocks.push({ kind: m[1] ? 'server' : 'run', lines: m[2]!.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')) });
  }
  return blocks;
}

describe('docs/operations.md', () => {
  const page = readFileSync(join(root, 'docs/operations.md'), 'utf8');

  it('links only to files inside the repository (the README too)', () => {
    for (const file of ['docs/operations.md', 'README.md', 'ARCHITECTURE.md']) {
      const text = readFileSync(join(root, file), 'utf8');
      const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!).filter((l) => !/^(https?:|#)/.test(l));
      for (const link of links) expect(link, `${file} links to ${link}`).not.toMatch(/^(\.\.\/|\/)/);
      expect(text, `${file} names a path outside the repository`).not.toMatch(/`(\.\.\/shared|\/work\/)[^`]*`/);
    }
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](docs/operations.md)');
  });

  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const s of servers) if (s.exitCode === null && s.pid) process.kill(-s.pid, 'SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it.runIf(adminUrl && redisUrl)(
    'every command runs as written',
    async () => {
      const blocks = shellBlocks(page);
      expect(blocks.length).toBeGreaterThanOrEqual(10);
      const scratch = mkdtempSync(join(tmpdir(), 'learn-opsdoc-'));
      dirs.push(scratch);
      const clone = join(scratch, 'clone');
      expect(spawnSync('git', ['clone', '--quiet', root, clone]).status).toBe(0);
      const tag = randomBytes(4).toString('hex');
      const [mainDb, restoredDb] = [`opsdoc_main_${tag}`, `opsdoc_restored_${tag}`];
      databases.push(mainDb, restoredDb);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${mainDb}`);
      await admin.end();
      const pgBase = adminUrl!.replace(/\/[^/]*$/, '');
      const port = await freePort();
      const local = (line: string) =>
        line
          .replaceAll('/srv/learn', scratch)
          .replaceAll('postgres://learn@db.school.example:5432/learn_restored', `${pgBase}/${restoredDb}`)
          .replaceAll('postgres://learn@db.school.example:5432/learn', `${pgBase}/${mainDb}`)
          .replace(/\blearn_restored\b/g, restoredDb)
          .replaceAll('redis://redis.school.example:6379', redisUrl!)
          .replaceAll('localhost:3000', `127.0.0.1:${port}`);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PASSWORD_HASH: 'scrypt',
        PASSWORD_HASH_COST: '12',
      };
      delete env.DATABASE_URL;
      delete env.DATA_DIR;

      let server: { child: ChildProcess; exited: Promise<number | null>; out: () => string } | null = null;
      const stop = async () => {
        if (!server) return;
        process.kill(-server.child.pid!, 'SIGTERM');
        expect(await server.exited, server.out()).toBe(0);
        server = null;
      };
      for (const block of blocks) {
        if (block.kind === 'server') {
          await stop();
          const command = local(block.lines.join('\n'));
          const child = spawn('bash', ['-c', command], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
          servers.push(child);
          let out = '';
          child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
          const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
          const started = Date.now();
          for (;;) {
            if (child.exitCode !== null) throw new Error(`"${command}" exited:\n${out}`);
            if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.ok) break;
            if (Date.now() - started > 240_000) throw new Error(`"${command}" did not become ready:\n${out}`);
            await new Promise((r) => setTimeout(r, 200));
          }
          server = { child, exited, out: () => out };
          continue;
        }
        for (const line of block.lines) {
          // "Stop the server" comes before moving the data and before upgrading.
          if (/db:copy|git pull/.test(line)) await stop();
          const command = local(line);
          const r = spawnSync('bash', ['-c', command], { cwd: line.startsWith('git ') ? clone : root, env, encoding: 'utf8' });
          expect(r.status, `${command}\n${r.stdout}${r.stderr}`).toBe(0);
          if (line.startsWith('npm install'))
            expect(spawnSync('git', ['diff', '--quiet', 'package-lock.json'], { cwd: root }).status).toBe(0);
          if (line.includes('/api/health/ready')) expect(r.stdout.trim()).toBe('200');
          if (line.includes('/metrics')) expect(r.stdout).toContain('# TYPE');
          if (line.includes('db:restore')) expect(r.stdout).toContain('integrity checked');
        }
      }
      await stop();
    },
    900_000,
  );
});
