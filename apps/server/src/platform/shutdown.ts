import type { FastifyInstance } from 'fastify';
import type { Log } from './log.js';

export interface ShutdownOptions {
  app: FastifyInstance;
  log: Log;
  graceMs: number;
  /** Work under way besides HTTP requests (code runs, interactive ones included); drained before closing. */
  busy: () => Promise<number>;
  /** After the app closed: timers, connections, the database. */
  release: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown, once, whatever is signalled and however often (`npm start`, the process group and
 * Ctrl+C can each deliver the same signal): readiness turns 503 at once while the server keeps listening
 * (health answers, the load balancer stops sending), requests and runs under way finish, then the server
 * stops accepting, sockets close with 1012 so pages reconnect elsewhere, and the process exits 0. A later
 * signal only logs. Past the grace the process ends anyway (exit 1).
 */
export function installShutdown(o: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = o.exit ?? ((code: number) => process.exit(code));
  let startedAt = 0;
  const shutdown = async (signal: string) => {
    const what = signal.startsWith('SIG') ? `${signal} received` : signal;
    if (startedAt) {
      const left = Math.max(0, Math.ceil((startedAt + o.graceMs - Date.now()) / 1000));
      o.log.warn(`${what} again: already draining, at most ${left} s left`);
      return;
    }
    startedAt = Date.now();
    o.app.lifecycle.draining = true;
    o.log.info(`${what}: draining (at most ${o.graceMs / 1000} s)`);
    const deadline = setTimeout(() => {
      o.log.warn('Shutdown grace period over: exiting with work still under way');
      exit(1);
    }, o.graceMs);
    deadline.unref();
    // Keep serving (health says 503) until what is under way is done.
    for (;;) {
      const runs = await o.busy().catch(() => 0);
      if (o.app.lifecycle.inFlight === 0 && runs === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // A keep-alive connection whose request finishes during the close would hold the server open: close each
    // one as soon as it is idle.
    const idleCloser = setInterval(() => o.app.server.closeIdleConnections(), 100);
    idleCloser.unref();
    await o.app.close();
    clearInterval(idleCloser);
    await o.release();
    clearTimeout(deadline);
    o.log.info('Shut down cleanly');
    exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
  return shutdown;
}
