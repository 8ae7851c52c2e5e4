import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { knownMigrations } from '../../db/database.js';
import type { RunnerService } from '../runner/service.js';
import { appliedMigrations } from './repository.js';
import { healthReport } from './service.js';

export interface Diagnostics {
  success: boolean;
  checkedAt: string;
  server: { version: string; uptimeSeconds: number; node: string };
  database: { reachable: boolean; engine: string; version: string | null };
  migrations: { applied: number; expected: number; pending: string[] };
  runner: { available: boolean; reason: string | null } | null;
  pubsub: { kind: string; connected: boolean };
}

/**
 * What an operator needs to find a fault, and nothing an attacker could use: no file paths, no addresses,
 * no keys or connection strings, no error texts from the driver, no user data (counts of migrations only).
 */
export async function diagnostics(deps: AppDeps, runnerService: Pick<RunnerService, 'health'>): Promise<Diagnostics> {
  const report = await healthReport(deps);
  const applied = report.database.reachable ? await appliedMigrations(deps.db) : [];
  const known = knownMigrations();
  const h = await runnerService.health();
  const runner: Diagnostics['runner'] = {
    available: h.available,
    reason: h.available ? null : 'The code runner is not available on this server.',
  };
  const { kind, connected } = deps.pubsub.status();
  return {
    success: report.ok,
    checkedAt: deps.clock.now().toISOString(),
    server: { version: report.version, uptimeSeconds: report.uptimeSeconds, node: process.versions.node },
    database: { reachable: report.database.reachable, engine: report.database.engine, version: report.database.version },
    migrations: {
      applied: applied.filter((n) => known.includes(n)).length,
      expected: known.length,
      pending: known.filter((n) => !applied.includes(n)),
    },
    runner,
    pubsub: { kind, connected },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yes = (ok: boolean, good: string, bad: string) => `<strong class="${ok ? 'ok' : 'bad'}">${ok ? good : bad}</strong>`;

/** The operator page: the same facts as HTML, rendered on the server (no script). */
export function diagnosticsHtml(d: Diagnostics): string {
  const rows: [string, string][] = [
    ['Server', `Learn ${esc(d.server.version)}, Node.js ${esc(d.server.node)}, up ${d.server.uptimeSeconds} s`],
    [
      'Database',
      `${yes(d.database.reachable, 'reachable', 'unreachable')} (${esc(d.database.engine)}${d.database.version ? ` ${esc(d.database.version)}` : ''})`,
    ],
    [
      'Migrations',
      `${yes(d.migrations.pending.length === 0, 'up to date', 'pending')}: ${d.migrations.applied} of ${d.migrations.expected} applied${
        d.migrations.pending.length ? ` (pending: ${d.migrations.pending.map(esc).join(', ')})` : ''
      }`,
    ],
    ['Code runner', d.runner ? yes(d.runner.available, 'available', 'not available') : 'not configured'],
    [
      'Live events (pub/sub)',
      `${esc(d.pubsub.kind)}: ${yes(d.pubsub.connected, 'connected', 'not connected (events stay on this server)')}`,
    ],
    ['Checked at', esc(d.checkedAt)],
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dashboard debug — Learn</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#212529}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dee2e6;vertical-align:top}
.ok{color:#1e6b2e}.bad{color:#a61e1e}</style></head>
<body><main><h1>Dashboard debug</h1>
<p>${yes(d.success, 'The server and its database answer.', 'The database does not answer: sign-in and dashboards will fail.')}</p>
<table><tbody>
${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join('\n')}
</tbody></table>
<p><a href="/api/login_diagnostics.php">The same as JSON</a> · <a href="/api/test_api.php">test_api.php</a> · <a href="/">Back to Learn</a></p>
</main></body></html>`;
}

/** GET /api/login_diagnostics.php (JSON) and GET /dashboard_debug.html: public, no-store. */
export function diagnosticsRoutes(app: FastifyInstance, deps: AppDeps, { runner }: { runner: RunnerService }) {
  app.get('/api/login_diagnostics.php', { config: { public: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return diagnostics(deps, runner);
  });
  app.get('/dashboard_debug.html', { config: { public: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return diagnosticsHtml(await diagnostics(deps, runner));
  });
}
