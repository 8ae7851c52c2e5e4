import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, serverBuildIsStale, serverOut } from './build-server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'learn-build-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(base: string) {
  for (let i = 0; i < 300; i++) {
    if (server?.exitCode !== null) throw new Error(`the built server exited with ${server?.exitCode}`);
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) return (await res.json()) as { database: { reachable: boolean } };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the built server did not answer /api/health');
}

describe('the production server build', () => {
  it('bundles the workspace packages, leaves npm packages external and runs from another directory', async () => {
    await buildServer();
    expect(serverBuildIsStale()).toBe(false);
    const bundle = readFileSync(serverOut, 'utf8');
    expect(bundle).not.toMatch(/from ["']@learn\//);
    expect(bundle).toMatch(/from ["']better-sqlite3["']/);

    const web = join(dataDir, 'web');
    mkdirSync(web);
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Learn</title>');
    const port = 20_000 + (process.pid % 10_000);
    const env: Record<string, string | undefined> = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST: web,
      LEARN_GUIDE_PASSWORD: 'build-test-pass-1',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [serverOut], { cwd: tmpdir(), env, stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    expect((await waitForHealth(base)).database.reachable).toBe(true);

    // Migrations ran and the catalogue (content YAML) was imported: a guide reads a lecture.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'guide@example.com', password: 'build-test-pass-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const lecture = await fetch(`${base}/api/lectures/python-day-3`, { headers: { cookie } });
    expect(lecture.status).toBe(200);
    expect(((await lecture.json()) as { title: string }).title).toBe('Data Types');
  });
});
