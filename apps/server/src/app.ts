import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from './platform/deps.js';
import { frameworkErrorHandler, installErrorHandling } from './platform/errors.js';
import { installRequestGate } from './platform/request-gate.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { installRouteTable } from './platform/route-table.js';
import { installSockets } from './platform/sockets.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { legacyFoundationRoutes } from './modules/legacy/routes.js';
import { courseRoutes } from './modules/courses/routes.js';
import { progressRoutes } from './modules/progress/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { accessRoutes } from './modules/access/routes.js';
import { peopleRoutes } from './modules/people/routes.js';
import { batchRoutes } from './modules/batches/routes.js';
import { liveRoutes } from './modules/live/routes.js';
import { studentProgressRoutes } from './modules/progress/student-progress.js';
import { rosterRoutes } from './modules/people/roster-routes.js';
import { legacyPeopleRoutes } from './modules/legacy/people-routes.js';
import { runnerRoutes } from './modules/runner/routes.js';
import { homeworkRoutes } from './modules/homework/routes.js';
import { legacyHomeworkRoutes } from './modules/legacy/homework-routes.js';
import { explainRoutes } from './modules/explain/routes.js';
import { examRoutes } from './modules/exams/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { diagnosticsRoutes } from './modules/health/diagnostics.js';
import { chatRoutes } from './modules/chat/routes.js';
import { similarityRoutes } from './modules/similarity/routes.js';
import { healthProbeRoutes } from './modules/health/probes.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { docsRoutes } from './modules/docs/routes.js';
import { installLifecycle, SERVICE_RESTART } from './platform/lifecycle.js';
import { appLogger } from './platform/log.js';
import { FastifyLogLines, installRequestLog } from './platform/request-log.js';
import { compose, type Services } from './compose.js';

/** Kept for branches written before AppDeps moved to platform/deps.ts; new code imports it from there. */
export type { AppDeps } from './platform/deps.js';

/**
 * Builds the HTTP app: plugins, then each module's routes with the services it uses (compose.ts), and the
 * services' lifetime tied to the app's. Tests build the app through this; without `services`, it composes
 * its own.
 */
export async function buildApp(deps: AppDeps, services: Services = compose(deps).services): Promise<FastifyInstance> {
  const log = appLogger({ level: deps.config.logLevel, format: deps.config.logFormat ?? 'json' }, deps.logOut);
  const logger = log.logger ? (log.logger as unknown as FastifyBaseLogger) : null;
  const app = Fastify({
    // No logger of Fastify's own: given one, it would watch every response to time it (request-log.ts writes
    // the request lines instead). A request's logger and the app's are the app's logger all the same.
    logger: false,
    ...(logger ? { childLoggerFactory: (_parent, bindings, options) => logger.child(bindings, options) } : {}),
    logController: new FastifyLogLines(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // Closing waits for runs under way (the shutdown's grace period), longer than Fastify's 10 s default.
    pluginTimeout: Math.max(10_000, deps.config.shutdownGraceMs + 5000),
  });
  if (logger) app.log = logger;
  installRouteTable(app);
  if (log.batch) app.addHook('onClose', (_app, done) => (log.batch!.close(), done()));
  if (log.requests) installRequestLog(app, log.requests);
  await app.register(cookie);
  installLifecycle(app);
  installErrorHandling(app);
  installSecurityHeaders(app);
  installRequestGate(app, deps, { noteArrivals: log.requests !== null });

  authRoutes(app, deps);
  healthRoutes(app, deps, services);
  healthProbeRoutes(app, deps);
  metricsRoutes(app, deps, services);
  legacyFoundationRoutes(app, deps);
  courseRoutes(app, deps, services);
  progressRoutes(app, deps);
  dashboardRoutes(app, deps);
  accessRoutes(app, deps);
  peopleRoutes(app, deps);
  batchRoutes(app, deps);
  studentProgressRoutes(app, deps);
  rosterRoutes(app, deps);
  legacyPeopleRoutes(app, deps);
  // The socket routes (the live channel; interactive runs, with the runner's other routes) in the sockets' scope.
  // On shutdown, sockets close with 1012 (service restart): the pages reconnect by themselves, to another
  // instance or to this one once it is back (after bindLifetimes' preClose has let runs under way finish).
  await installSockets(
    app,
    (done) => {
      for (const client of app.websocketServer.clients) client.close(SERVICE_RESTART, 'Server restarting');
      app.websocketServer.close();
      done();
    },
    (scope) => {
      liveRoutes(scope, deps);
      runnerRoutes(scope, deps, services);
    },
  );
  homeworkRoutes(app, services);
  legacyHomeworkRoutes(app, services);
  examRoutes(app, services.exams);
  explainRoutes(app, services);
  analyticsRoutes(app, deps);
  diagnosticsRoutes(app, deps, services);
  chatRoutes(app, services);
  similarityRoutes(app, services);
  docsRoutes(app);
  bindLifetimes(app, services, deps.config.shutdownGraceMs);

  const webDist = deps.config.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz beside each asset (scripts/compress-assets.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change; the page itself must always be fresh.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}

/**
 * The services' lifetime is the app's. On close, runs under way (interactive ones too) finish first, within
 * the shutdown's grace period; then the grader and the similarity worker stop, handing unfinished work back as
 * queued; then (the sockets' scope, installSockets) the sockets close.
 */
function bindLifetimes(app: FastifyInstance, services: Services, graceMs: number) {
  app.addHook('onReady', async () => {
    await services.grader.resume();
    await services.similarityWorker.refresh();
  });
  app.addHook('preClose', async () => {
    await services.runner.drain(Math.max(0, graceMs - 1000));
    await services.grader.stop();
    await services.similarityWorker.stop();
    await services.similarityQueue?.close();
  });
  app.addHook('onClose', async () => {
    services.lectureStates.close();
    await services.runner.close();
  });
}
