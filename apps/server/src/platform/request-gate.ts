import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps.js';
import { authentication } from './authenticate.js';
import { checkOrigin } from './origin.js';
import { inputError } from './input-guard.js';
import { noteArrival } from './request-log.js';

/**
 * The checks every request passes before its route runs, as two hooks rather than a hook per check (each
 * hook is a step on every request, the hottest reads included: `npm run bench`):
 * - on arrival: what its request line needs (when requests are logged: request-log.ts), the origin check
 *   (CSRF), then who the session cookie names;
 * - before the handler: the input limits (a NUL anywhere is a 400), then the sign-in requirement (401).
 * Callback-style hooks: no promise per request.
 */
export function installRequestGate(app: FastifyInstance, deps: AppDeps, { noteArrivals }: { noteArrivals: boolean }): void {
  const auth = authentication(app, deps);
  app.addHook('onRequest', (request, _reply, done) => {
    if (noteArrivals) noteArrival(request);
    try {
      checkOrigin(request);
    } catch (err) {
      return done(err as Error);
    }
    auth.resolve(request, done);
  });
  app.addHook('preValidation', (request, _reply, done) => done(inputError(request) ?? auth.signInError(request)));
}
