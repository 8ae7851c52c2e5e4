// `npm start`: makes sure code running can work (scripts/start-checks.mjs), rebuilds the web app and the
// server when they are older than their sources (so after `git pull` the pages always match the server),
// then runs the server. `npm start` execs this script, so a SIGTERM to npm (which passes it on) reaches it
// too; it passes every signal on to the server, which drains once. The server migrates and seeds the
// database before it listens.
import { spawn, spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { buildServer, root, serverBuildIsStale, serverOut } from './build-server.mjs';
import { aptInstall, hasFile, isDebianSystem, missingPackages, runnerTools } from './system-packages.mjs';
import { codeRunningDecision, webBuildIsStale } from './start-checks.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pretty = process.env.LOG_FORMAT === 'pretty';
/** One log line as the server writes them (JSON; short text with LOG_FORMAT=pretty). */
function log(level, msg) {
  const n = { info: 30, warn: 40, error: 50 }[level];
  if (pretty) process.stdout.write(`${new Date().toISOString().slice(11, 23)} ${level.toUpperCase().padEnd(5)} ${msg}\n`);
  else process.stdout.write(`${JSON.stringify({ level: n, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`);
}
/** Stops the start: the reason as a log line, and as plain text for a person at the terminal. */
function stop(msg, code = 1) {
  log('error', msg);
  if (process.stderr.isTTY && !pretty) process.stderr.write(`\n${msg}\n\n`);
  process.exit(code);
}

// 1. Code running: what it needs from the system.
const tools = runnerTools();
const missing = missingPackages(tools, (f) => hasFile(f));
const decision = codeRunningDecision({ missing, isRoot: process.getuid?.() === 0, isDebian: isDebianSystem() });
if (decision.action === 'stop') stop(decision.message);
if (decision.action === 'skip')
  log('warn', `LEARN_NO_CODE_RUNNING is set: starting without code running (missing: ${decision.missing.join(', ')})`);
if (decision.action === 'install') {
  log('info', `Installing what code running needs: ${decision.packages.join(' ')}`);
  const r = aptInstall(decision.packages, ['ignore', 'ignore', 'pipe']);
  if (r) stop(r);
  const still = missingPackages(tools, (f) => hasFile(f));
  if (still.length)
    stop(`Still missing after apt-get: ${still.join(', ')}${process.env.RUNNER_BWRAP_PATH ? ' (is RUNNER_BWRAP_PATH right?)' : ''}`);
  log('info', 'Installed');
}

// 2. Builds older than their sources. Their output is kept and shown only when a build fails.
if (webBuildIsStale(root)) {
  log('info', 'Building the web app (its sources changed, or first start)...');
  const started = Date.now();
  const r = spawnSync(npm, ['run', 'build', '-w', '@learn/web'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    stop(`Building the web app failed (exit ${r.status ?? r.signal}); its output is above`);
  }
  log('info', `Web app built in ${Math.round((Date.now() - started) / 1000)} s`);
}
if (serverBuildIsStale()) {
  log('info', 'Building the server...');
  try {
    await buildServer();
  } catch (err) {
    stop(`Building the server failed: ${err.message}`);
  }
}

// 3. The server, in a process group of its own: Ctrl+C or a signal to the terminal's process group reaches
// npm and this script, never the server's children directly (the sandboxed programs of runs under way).
// Every SIGTERM, SIGINT or SIGHUP this script gets is passed on; the server drains once and only logs the
// others (apps/server/src/platform/shutdown.ts), and this script ends with the server's exit code.
// The IPC channel tells the server when this script is gone, however it ended: the server then drains too.
const server = spawn(process.execPath, ['--enable-source-maps', serverOut], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => server.kill(sig === 'SIGHUP' ? 'SIGTERM' : sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
