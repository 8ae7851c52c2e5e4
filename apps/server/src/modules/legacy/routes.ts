import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@learn/shared';
import type { AppDeps } from '../../platform/deps.js';
import { parse } from '../../platform/errors.js';
import { envelope } from './envelope.js';
import { login } from '../auth/service.js';
import { setSessionCookie } from '../auth/routes.js';
import { healthReport } from '../health/service.js';

/**
 * The old PHP backend's calls (platform-core.md section 7) at /api/<name>.php, as thin adapters over the
 * same services and rules, so scripts written for it keep working. Responses keep the old fields.
 */
export function legacyFoundationRoutes(app: FastifyInstance, deps: AppDeps) {
  app.post('/api/login.php', { config: { public: true } }, async (request, reply) =>
    envelope(reply, 'Login failed.', async () => {
      const input = parse(loginSchema, request.body);
      const { user, token } = await login(deps, input, request.ip);
      setSessionCookie(reply, token, deps, request.protocol === 'https');
      return { user, message: 'Login successful' };
    }),
  );

  // The old client's health check of the login endpoint.
  app.options('/api/login.php', { config: { public: true } }, async (_request, reply) => {
    void reply.header('allow', 'OPTIONS, POST').header('cache-control', 'no-store').status(204);
    return reply.send();
  });

  app.get('/api/test_api.php', { config: { public: true } }, async (_request, reply) => {
    const report = await healthReport(deps);
    void reply.header('cache-control', 'no-store').status(report.ok ? 200 : 503);
    return {
      success: report.ok,
      message: report.ok ? 'API is working' : 'Database connection failed',
      database: {
        connection: report.database.reachable ? 'successful' : 'failed',
        batch_count: report.database.batchCount,
        // The old field name; it carries whichever engine serves the data.
        mysql_version: report.database.version,
        ...(report.database.error ? { error: 'Database unreachable' } : {}),
      },
      server_info: { server_software: `Learn/${report.version} Node.js/${process.versions.node}` },
    };
  });
}
