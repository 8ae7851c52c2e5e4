import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type Instance } from './instances.js';

/**
 * The request log as `npm start > file` writes it (issue 29): lines gathered in batches and written to
 * standard output's descriptor; after SIGTERM every answered request has its line in the file, each line one
 * JSON object.
 */
describe('request log in a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'learn-log-file-'));
  let server: Instance | undefined;
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('every request has its line after SIGTERM, in order, each a JSON object', async () => {
    const logFile = join(dir, 'server.log');
    server = await startServerProcess('log', {
      databaseUrl: '',
      guidePassword: 'log-test-guide-pw',
      env: { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info', NODE_ENV: 'production', RUNNER_CONCURRENCY: '1' },
      logFile,
    });
    const n = 300;
    for (let i = 0; i < n; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, k) => fetch(`${server!.base}/api/auth/me`, { headers: { 'x-test': String(i + k) } })),
      );
    }
    // An address with characters JSON escapes and one outside ASCII.
    expect((await fetch(`${server.base}/api/caf%C3%A9/%22quoted%22`)).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    const completed = parsed.filter((o) => o.msg === 'request completed');
    expect(completed.filter((o) => o.req?.url === '/api/auth/me' && o.res?.statusCode === 401)).toHaveLength(n);
    expect(completed.at(-1)).toMatchObject({ req: { url: '/api/caf%C3%A9/%22quoted%22' }, res: { statusCode: 404 } });
    expect(parsed.some((o) => o.msg === 'Shut down cleanly')).toBe(true);
  }, 120_000);
});
