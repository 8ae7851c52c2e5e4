import type { FastifyInstance } from 'fastify';
import { runClientMessageSchema, runRequestSchema, type RunServerMessage, type RunStatusResponse } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { authorizationError, parse } from '../../platform/errors.js';
import { requireActor } from '../../platform/authenticate.js';
import { guardSocketSession } from '../../platform/socket-session.js';
import { onSocketMessages } from '../../platform/socket-messages.js';
import { canRunCode } from './policy.js';
import type { RunnerService } from './service.js';
import { INPUT_REFUSED_MESSAGE, type InteractiveRun } from './run-types.js';

/**
 * POST /api/run (the whole input at once) and /api/run/ws (input typed while the program runs). The service
 * (compose.ts) is shared with homework and exam grading, health and metrics; app.ts drains and closes it.
 */
export function runnerRoutes(app: FastifyInstance, deps: AppDeps, { runner: service }: { runner: RunnerService }) {
  void service.runner.status().then((s) => {
    if (s.available) app.log.info(`Code runner ready: gcc ${s.versions.gcc}, g++ ${s.versions.gpp}, Python ${s.versions.python}`);
    else app.log.warn(`Code running is unavailable: ${s.reason}. Everything else is served; runs answer { available: false }.`);
    if (s.isolation.warning) app.log.warn(`Code runner: ${s.isolation.warning}`);
    else app.log.info(`Code runner: one cgroup ${s.isolation.cgroup} per run, seccomp filter on`);
  });

  // Whether code runs (here, or on the runner workers), and why not: the scratchpad says so before the first Run.
  app.get('/api/run/status', async (request) => {
    const actor = requireActor(request);
    if (!canRunCode(actor)) throw authorizationError();
    // With REDIS_URL the workers' sandboxes answer, not this machine's.
    const s = await service.sandboxStatus();
    return { available: s.available, reason: s.reason } satisfies RunStatusResponse;
  });

  app.post('/api/run', async (request, reply) => {
    const actor = requireActor(request);
    if (!canRunCode(actor)) throw authorizationError();
    const body = parse(runRequestSchema, request.body);
    void reply.header('cache-control', 'no-store');
    // The student has gone (tab closed, request aborted): the run is cancelled.
    const gone = new AbortController();
    reply.raw.on('close', () => !reply.raw.writableFinished && gone.abort());
    return service.run(actor.id, body, gone.signal);
  });

  app.get('/api/run/ws', { websocket: true }, (socket, request) => {
    const actor = request.actor;
    if (!actor || !canRunCode(actor)) return socket.close(4401, 'Authentication required');
    const send = (m: RunServerMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
    // Logout, a password change or removal closes the socket, and the close below ends its run.
    const guard = guardSocketSession(deps, actor, socket);
    socket.on('close', guard.dispose);
    let current: InteractiveRun | null = null;
    let refusedInput = false;
    onSocketMessages(
      socket,
      request,
      runClientMessageSchema,
      (msg) => {
        if (msg.type === 'start') {
          if (current) return send({ type: 'error', message: 'A program is already running here. Stop it first.' });
          const run = startRun(service, actor.id, msg, send);
          current = run;
          refusedInput = false;
          void run.done.finally(() => {
            if (current === run) current = null;
          });
        } else if (msg.type === 'stdin') {
          if (!current) return;
          // Backpressure: input the program has not read yet is capped; past it the student is told once.
          const taken = current.write(msg.data);
          if (!taken && !refusedInput)
            send({ type: 'notice', message: INPUT_REFUSED_MESSAGE(service.runner.limits.stdinBufferBytes / 1024) });
          refusedInput = !taken;
        } else if (msg.type === 'eof') current?.eof();
        else current?.kill();
      },
      (message) => send({ type: 'error', message }),
    );
    // Closing the socket (tab closed, network gone) ends its run at once.
    socket.on('close', () => current?.kill());
  });
}

function startRun(
  service: RunnerService,
  userId: string,
  req: { language: 'c' | 'cpp' | 'python'; code: string },
  send: (m: RunServerMessage) => void,
): InteractiveRun {
  return service.startInteractive(userId, req, {
    queued: (position) => send({ type: 'queued', position }),
    compiled: (compile) => send({ type: 'compiled', compile }),
    started: () => send({ type: 'started' }),
    stdout: (data) => send({ type: 'stdout', data }),
    stderr: (data) => send({ type: 'stderr', data }),
    exit: (run) => send({ type: 'exit', run }),
    error: (message, unavailable) => send({ type: 'error', message, ...(unavailable ? { unavailable } : {}) }),
    notice: (message) => send({ type: 'notice', message }),
  });
}
