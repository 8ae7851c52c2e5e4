// `npm run dev`: the API with reload on change, and Vite's dev server (http://localhost:5173) proxying /api.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  // Logs as short human lines here; `npm start` writes JSON.
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LOG_FORMAT: process.env.LOG_FORMAT || 'pretty' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@learn/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', stop));
