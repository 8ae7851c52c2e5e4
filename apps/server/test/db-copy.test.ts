import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { createTestApp, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from './harness.js';
import { grant } from './factories.js';
import { scratchDatabase } from './instances.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { copyDatabase } from '../src/db/copy.js';
import { backupSqlite } from '../src/db/backup.js';
import { DatabaseLease } from '../src/platform/lease.js';
import { countExplanation } from '../src/modules/explain/repository.js';

/**
 * Issue 18: moving a school from SQLite to PostgreSQL (`npm run db:copy`) and backing SQLite up while the
 * server runs (`npm run db:backup`). The copy needs TEST_DATABASE_URL (CI sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** A SQLite school where every table holds rows, made through the API as a school would make them. */
async function populatedSchool(): Promise<{ t: TestApp; handle: DatabaseHandle }> {
  const t = await createTestApp('sqlite');
  const guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
  const call = (method: 'POST' | 'PUT', url: string, payload: object, cookie = guide) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  expect((await call('POST', '/api/batches', { name: 'Copy Batch' })).statusCode).toBe(201);
  const created = (await call('POST', '/api/students', { name: 'Copy Student', email: 'copy@example.com' })).json();
  const week1 = Array.from({ length: 7 }, (_, i) => `python-day-${i + 1}`);
  await grant(t, guide, created.user.id, week1, ['explanation', 'code', 'assignment']);
  const student = await t.login('copy@example.com', created.password);
  for (const day of week1) expect((await call('POST', `/api/lectures/${day}/complete`, {}, student)).statusCode).toBe(200);
  const exam = (await call('POST', '/api/exams', { courseId: 'course_python_01', week: 1 })).json();
  const question = { id: 'q1', type: 'short-answer', prompt: 'Why?', points: 5 };
  expect((await call('PUT', `/api/exams/${exam.id}`, { title: 'W1', duration: 30, questions: [question] })).statusCode).toBe(200);
  expect((await call('POST', `/api/exams/${exam.id}/attempt`, {}, student)).statusCode).toBe(200);
  expect(
    (await call('POST', '/api/homework/submissions', { lectureId: 'python-day-1', taskIndex: 0, code: 'print("hi")' }, student)).statusCode,
  ).toBe(201);
  // A check runs the task's tests in the sandbox and records the exercise's progress (homework_checks).
  const check = await call('POST', '/api/homework/check', { lectureId: 'python-day-1', taskIndex: 0, code: 'print("hi")' }, student);
  expect(check.statusCode, check.body).toBe(200);
  // A chat: a message each way, read by the guide, cleared from the student's view.
  const chat = `/api/chat/conversations/${created.user.id}`;
  expect((await call('POST', `${chat}/messages`, { text: 'Hello' }, student)).statusCode).toBe(201);
  expect((await call('POST', `${chat}/messages`, { text: 'Hi, how can I help?' })).statusCode).toBe(201);
  expect((await call('POST', `${chat}/read`, {})).statusCode).toBe(200);
  expect((await call('POST', `${chat}/clear`, {}, student)).statusCode).toBe(200);
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const image = await t.app.inject({
    method: 'POST',
    url: `${chat}/images`,
    headers: { cookie: student, 'content-type': 'image/png' },
    payload: photo,
  });
  expect(image.statusCode, image.body).toBe(201);
  // Similar submissions (issue 30): a second student with the same program, a comparison's pair, a guide's
  // review of it and a course threshold. The comparison itself is Dolos's work (tested in its module); its
  // rows are written here as its repository writes them.
  const other = (await call('POST', '/api/students', { name: 'Copy Twin', email: 'twin@example.com' })).json();
  const scope = 'homework:python-day-1:0';
  const now = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('similarity_runs')
    .values({
      scope,
      course_id: 'course_python_01',
      status: 'done',
      done: 1,
      total: 1,
      submissions: 2,
      requested_at: now,
      finished_at: now,
    })
    .execute();
  await t.deps.db
    .insertInto('similarity_pairs')
    .values({
      scope,
      left_student: created.user.id,
      right_student: other.user.id,
      left_ref: 1,
      right_ref: 2,
      similarity: 0.93,
      longest: 4,
      longest_share: 0.5,
    })
    .execute();
  await t.deps.db
    .insertInto('similarity_reviews')
    .values({
      scope,
      left_student: created.user.id,
      right_student: other.user.id,
      note: 'Worked together.',
      reviewed_by: 'guide',
      reviewed_at: now,
    })
    .execute();
  await t.deps.db.insertInto('similarity_settings').values({ course_id: 'course_python_01', threshold: 0.8 }).execute();
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'copy@example.com', password: 'wrong-password' } });
  await new DatabaseLease(t.deps.db, t.clock).acquire('job:session purge', 60_000);
  await countExplanation(t.deps.db, '2026-01-05', false); // (explanations need a provider; its usage row is what is copied)
  const handle: DatabaseHandle = { db: t.deps.db, engine: 'sqlite', version: () => t.deps.dbVersion(), close: async () => {} };
  return { t, handle };
}

describe.runIf(adminUrl)('db:copy from SQLite to PostgreSQL', () => {
  let school: { t: TestApp; handle: DatabaseHandle };
  let target: DatabaseHandle;
  let scratch: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    school = await populatedSchool();
    scratch = await scratchDatabase(adminUrl!, 'learn_copy');
    target = openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  });
  afterAll(async () => {
    await target.close();
    await school.t.close();
    await scratch.drop();
  });

  it('copies every table (each one populated) with equal counts, equal rows, and serial ids that go on', async () => {
    const report = await copyDatabase(school.handle, target);
    const empty = report.filter((r) => r.source === 0).map((r) => r.table);
    expect(empty, 'every table of the fixture holds rows').toEqual([]);
    for (const r of report) expect(r.target, r.table).toBe(r.source);
    // A sample of rows, column by column.
    const users = async (h: DatabaseHandle) =>
      (await sql`select id, name, email, role, batch_id, password_hash from users order by id`.execute(h.db)).rows;
    expect(await users(target)).toEqual(await users(school.handle));
    const subs = async (h: DatabaseHandle) =>
      (await sql<Record<string, unknown>>`select * from homework_submissions order by id`.execute(h.db)).rows.map((r) => ({
        ...r,
        id: Number(r.id),
      }));
    expect(await subs(target)).toEqual(await subs(school.handle));
    const lecture = async (h: DatabaseHandle) => (await sql`select * from lectures where id = 'python-day-3'`.execute(h.db)).rows;
    expect(await lecture(target)).toEqual(await lecture(school.handle));
    const images = async (h: DatabaseHandle) =>
      (await sql<{ name: string; data: Buffer }>`select name, data from chat_images`.execute(h.db)).rows.map((r) => [
        r.name,
        Buffer.from(r.data).toString('hex'),
      ]);
    expect(await images(target)).toEqual(await images(school.handle));
    // The next submission on PostgreSQL gets a fresh id, not one already copied.
    const max = Number((await sql<{ m: number }>`select max(id) as m from homework_submissions`.execute(target.db)).rows[0]!.m);
    const next = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('homework_submissions', 'id')) as id`.execute(target.db);
    expect(Number(next.rows[0]!.id)).toBeGreaterThan(max);
  });

  it('refuses a target that already holds data, and changes nothing there', async () => {
    const before = (await sql<{ n: string }>`select count(*) as n from users`.execute(target.db)).rows[0]!.n;
    await expect(copyDatabase(school.handle, target)).rejects.toThrow(/not empty/);
    expect((await sql<{ n: string }>`select count(*) as n from users`.execute(target.db)).rows[0]!.n).toBe(before);
  });
});

describe('db:backup of SQLite while it is written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'learn-backup-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a consistent, integrity-checked copy while another connection keeps writing', async () => {
    const file = join(dir, 'learn.db');
    const live = new SQLite(file);
    live.pragma('journal_mode = WAL');
    live.exec('create table notes (id integer primary key, body text not null)');
    const insert = live.prepare('insert into notes (body) values (?)');
    for (let i = 0; i < 5_000; i++) insert.run(`note ${i} ${'x'.repeat(200)}`);
    // Writes go on while the backup runs (its steps yield to the event loop).
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing) {
        insert.run(`during ${i++}`);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const { pages } = await backupSqlite(file, join(dir, 'backups', 'copy.db'));
    writing = false;
    await writer;
    expect(pages).toBeGreaterThan(10);
    const copy = new SQLite(join(dir, 'backups', 'copy.db'), { readonly: true });
    const n = (copy.prepare('select count(*) as n from notes').get() as { n: number }).n;
    expect(n).toBeGreaterThanOrEqual(5_000);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    live.close();
  });
});
