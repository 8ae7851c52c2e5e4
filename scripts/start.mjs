// `npm start`: builds the web app if it has not been built and the server bundle if it is missing or older
// than its sources (scripts/build-server.mjs), then runs the built server, which migrates and seeds the
// database before it listens.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { buildServer, serverBuildIsStale, serverOut } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
  const r = spawnSync(npm, ['run', 'build', '-w', '@learn/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverBuildIsStale()) {
  console.log('Building the server...');
  await buildServer();
}

const server = spawn(process.execPath, ['--enable-source-maps', serverOut], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
