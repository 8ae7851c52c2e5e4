import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The runner worker's entry, started as `npm run worker` starts it. */
const entry = fileURLToPath(new URL('../src/worker.ts', import.meta.url));

/** Starts a worker process; resolves once it says it is ready. */
export function startWorker(env: Record<string, string>, wrap: string[] = []): Promise<ChildProcess & { output: string[] }> {
  const [cmd, ...args] = [...wrap, process.execPath, '--import', 'tsx', entry];
  const child = spawn(cmd!, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }) as ChildProcess & {
    output: string[];
  };
  child.output = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${child.output.join('')}`)), 30_000);
    const take = (b: Buffer) => {
      child.output.push(String(b));
      if (child.output.join('').includes('ready:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', (b: Buffer) => child.output.push(String(b)));
    child.on('exit', (code) => reject(new Error(`worker exited (${code}):\n${child.output.join('')}`)));
  });
}
