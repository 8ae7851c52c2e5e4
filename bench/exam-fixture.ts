/**
 * What the exam benches share: a server process on a database (a SQLite folder or a PostgreSQL database),
 * a week-1 exam, and students who may take it (users, 7 completed lectures and a session each, written
 * straight into the database: signing 1,000 students in would measure password hashing, not exams).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { insertBenchUsers } from './bench-users.js';
import { scratchDatabase, startServerProcess, type Instance } from '../apps/server/test/instances.js';

export const PASSWORD = 'exam-bench-guide-pw';
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ExamFixture {
  engine: 'sqlite' | 'postgres';
  /** The server process now serving (replaced by `crash`). */
  server: Instance;
  /** kill -9 of the server, then a new process on the same database; resolves once it is ready. */
  crash(): Promise<void>;
  handle: DatabaseHandle;
  examId: string;
  students: { id: string; cookie: string }[];
  dispose(): Promise<void>;
}

export async function examFixture(
  engine: 'sqlite' | 'postgres',
  count: number,
  env: Record<string, string> = {},
  /** Questions after the ten short answers (the exam-day bench adds a code question to check). */
  extraQuestions: object[] = [],
  /**
   * The course of the exam (its language is the code questions'), the 7 lectures that unlock its week 1, and
   * where the server's standard output (its log) goes: a file, as `npm start > file`; without, kept in memory.
   */
  options: { courseId?: string; lectures?: string[]; logFile?: string } = {},
): Promise<ExamFixture & { databaseUrl: string }> {
  const courseId = options.courseId ?? 'course_python_01';
  const dir = mkdtempSync(join(tmpdir(), 'learn-exam-bench-'));
  const pgDb = engine === 'postgres' ? await scratchDatabase(adminUrl, 'learn_exam_bench') : undefined;
  const start = () =>
    startServerProcess('exam-bench', {
      databaseUrl: pgDb?.url ?? '',
      guidePassword: PASSWORD,
      env: { DATA_DIR: dir, LOG_LEVEL: 'error', SHUTDOWN_GRACE_SECONDS: '2', ...env },
      ...(options.logFile ? { logFile: options.logFile } : {}),
    });
  const first = await start();
  const handle = openDatabase(pgDb ? { databaseUrl: pgDb.url, dataDir: dir } : { dataDir: dir });

  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${first.base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'guide@example.com', password: PASSWORD }),
  });
  const guide = login.headers.get('set-cookie')!.split(';')[0]!;
  const exam = (await (
    await fetch(`${first.base}/api/exams`, {
      method: 'POST',
      headers: { ...json, cookie: guide },
      body: JSON.stringify({ courseId, week: 1 }),
    })
  ).json()) as { id: string };
  const questions = Array.from({ length: 10 }, (_, i) => ({
    id: `q${i + 1}`,
    type: 'short-answer',
    prompt: `Question ${i + 1}`,
    points: 10,
  }));
  const put = await fetch(`${first.base}/api/exams/${exam.id}`, {
    method: 'PUT',
    headers: { ...json, cookie: guide },
    body: JSON.stringify({ title: 'Bench', duration: 600, questions: [...questions, ...extraQuestions] }),
  });
  if (!put.ok) throw new Error(`exam set-up failed: ${put.status} ${await put.text()}`);

  const lectures = options.lectures ?? Array.from({ length: 7 }, (_, i) => `python-day-${i + 1}`);
  const completedAt = new Date().toISOString();
  const students = await insertBenchUsers(handle.db, 'bench_student', count, 'student', async (ids) => {
    await handle.db
      .insertInto('lecture_completions')
      .values(ids.flatMap((id) => lectures.map((l) => ({ student_id: id, lecture_id: l, completed_at: completedAt }))))
      .execute();
  });
  await sql`select 1`.execute(handle.db);
  const fixture: ExamFixture & { databaseUrl: string } = {
    engine,
    databaseUrl: pgDb?.url ?? '',
    server: first,
    async crash() {
      fixture.server.child.kill('SIGKILL');
      await fixture.server.exited;
      fixture.server = await start();
    },
    handle,
    examId: exam.id,
    students,
    dispose: async () => {
      fixture.server.child.kill('SIGKILL');
      await fixture.server.exited;
      await handle.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
}
