import type { FastifyBaseLogger } from 'fastify';

/**
 * The last line of defence for an error no handler caught. A rejected promise nobody awaited is logged and the
 * server keeps serving (no state was left half-changed by a throw). An exception thrown outside every handler
 * may have left this process in a state nobody planned for: it is logged with where it came from, then the
 * server drains and stops as on SIGTERM (a supervisor or `npm start`'s restart brings it back) instead of
 * dying mid-request. Errors inside request and socket handlers never get here: those are answered and
 * logged with their request.
 */
export function installLastResort(log: FastifyBaseLogger, stop: (why: string) => void): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'Unhandled promise rejection (logged; the server keeps serving)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.fatal({ err, origin }, 'Uncaught exception: draining and stopping');
    stop('uncaughtException');
  });
}
