import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { PasswordHasher } from '../../apps/server/src/platform/passwords.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const screenshotDir = join(root, 'e2e', 'screenshots');
export const GUIDE = { email: 'guide@example.com', password: 'e2e-guide-password' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Running {
  baseUrl: string;
  browser: Browser;
  /** Adds a student straight to the database (a fixture until the guide screens can do it). */
  createStudent(name: string, email: string, password: string): Promise<void>;
  /** Stops the server process only (same port and data kept), as an outage; startServer brings it back. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the built app on a free port with a temporary data dir, and the system Chromium; `env` adds settings. */
export async function startApp(env: Record<string, string> = {}): Promise<Running> {
  if (!existsSync(join(root, 'apps/web/dist/index.html')))
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`);
  const dataDir = mkdtempSync(join(tmpdir(), 'learn-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnServer = async (): Promise<ChildProcess> => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LEARN_GUIDE_EMAIL: GUIDE.email,
        LEARN_GUIDE_PASSWORD: GUIDE.password,
        PASSWORD_HASH_COST: '14',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
      try {
        const r = await fetch(`${baseUrl}/api/health`);
        if (r.ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    return child;
  };
  let server: ChildProcess | null = await spawnServer();
  const killServer = async () => {
    if (!server) return;
    const s = server;
    server = null;
    s.kill('SIGTERM');
    if (s.exitCode === null) await new Promise((r) => s.once('exit', r));
  };
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A fake camera (a generated test pattern) that needs no permission prompt: the chat's camera dialog.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  return {
    baseUrl,
    browser,
    async createStudent(name, email, password) {
      const hash = await new PasswordHasher(14, 1).hash(password);
      const db = new Database(join(dataDir, 'learn.db'));
      db.prepare(
        "insert into users (id, name, email, role, password_hash, batch_id, last_login, created_at) values (?, ?, ?, 'student', ?, null, null, ?)",
      ).run(`user_student_${Date.now()}`, name, email, hash, new Date().toISOString());
      db.close();
    },
    async stopServer() {
      await killServer();
    },
    async startServer() {
      if (!server) server = await spawnServer();
    },
    async stop() {
      await browser.close();
      await killServer();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  /** The laptop a new user tried the app on (issue 26). */
  laptop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export async function newPage(
  app: Running,
  viewport: keyof typeof viewports = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: viewports[viewport], baseURL: app.baseUrl, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (err) => {
    throw new Error(`page error: ${err.message}`);
  });
  return { context, page };
}

/** Writes a screenshot to e2e/screenshots (ignored by git) to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Serious and critical accessibility violations on the current page. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} [${(n.any[0]?.message ?? n.failureSummary ?? '').slice(0, 160)}] ${n.html.slice(0, 120)}`)
          .join(', ')}`,
    );
}

/** Calls the API as a guide (for fixtures): signs in once and sends the session cookie. */
export async function guideApi(app: Running) {
  const r = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUIDE),
  });
  if (!r.ok) throw new Error(`guide sign-in failed: ${r.status}`);
  const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${app.baseUrl}/api/${path}`, {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export type GuideApi = Awaited<ReturnType<typeof guideApi>>;
export interface TestStudent {
  id: string;
  email: string;
  password: string;
}

/** Adds a student through the API and grants it `[lectureId, kind]` pairs; returns its one-time password. */
export async function createStudent(api: GuideApi, name: string, email: string, grants: [string, string][] = []): Promise<TestStudent> {
  const created = await api<{ user: { id: string; email: string }; password: string }>('POST', 'students', { name, email });
  if (grants.length > 0) {
    await api('PUT', 'access', {
      changes: grants.map(([lectureId, kind]) => ({ studentId: created.user.id, lectureId, kind, granted: true })),
    });
  }
  return { id: created.user.id, email: created.user.email, password: created.password };
}

export async function signIn(page: Page, prefix: string, email: string, password: string): Promise<void> {
  await page.goto(`/#/${prefix}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * A student granted the first `n` lectures of a track who has completed them (through the API, as the
 * lecture page does).
 */
export async function studentWithLectures(app: Running, api: GuideApi, name: string, email: string, prefix: string, n: number) {
  const days = Array.from({ length: n }, (_, i) => `${prefix}-day-${i + 1}`);
  const s = await createStudent(
    api,
    name,
    email,
    days.map((d) => [d, 'explanation']),
  );
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: s.email, password: s.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  for (const d of days) {
    const r = await fetch(`${app.baseUrl}/api/lectures/${d}/complete`, { method: 'POST', headers: { cookie } });
    if (r.status !== 200) throw new Error(`completing ${d} answered ${r.status}`);
  }
  // The lecture page would have shown First Steps (and any other award) and the student closed it.
  const unseen = (await (await fetch(`${app.baseUrl}/api/badges/unseen`, { headers: { cookie } })).json()) as { badges: { id: string }[] };
  for (const b of unseen.badges) await fetch(`${app.baseUrl}/api/badges/${b.id}/seen`, { method: 'POST', headers: { cookie } });
  return s;
}

/** Waits for the "Achievement Unlocked!" dialog of `badge` and closes it with Awesome!. */
export async function closeBadgeDialog(page: Page, badge: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Achievement Unlocked!' });
  await dialog.getByRole('heading', { name: badge }).waitFor({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Awesome!' }).click();
  await dialog.getByRole('heading', { name: badge }).waitFor({ state: 'hidden' });
}

/** Moves inside the app without reloading it (what a link does), so cached answers would show if stale. */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.location.hash = p;
  }, `#/${path}`);
}

/** Signs a student in through the API and calls it with the student's cookie. */
export async function studentApi(app: Running, s: TestStudent) {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: s.email, password: s.password }),
  });
  if (login.status !== 200) throw new Error(`student sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.baseUrl}/api/${path}`, {
      method,
      headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
