/**
 * Course analytics (issue 17): 2,000 students x 50 lectures (about half done on average) and 8 graded exams
 * each, homework on 10 lectures; p50/p99 of the whole figure set (the service, all aggregate queries).
 * SQLite by default; PostgreSQL with BENCH_DATABASE_URL (an empty database of its own: it is filled).
 */
import { sql } from 'kysely';
import { benchDeps } from './bench-app.js';
import { benchUserRows } from './bench-users.js';
import { courseAnalytics } from '../apps/server/src/modules/analytics/service.js';

const STUDENTS = 2000;
const EXAMS = 8;
const RUNS = 100;
const COURSE = 'course_python_01';

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const { deps, dispose } = await benchDeps('analytics', url ? { env: { DATABASE_URL: url } } : {});
  const db = deps.db;
  const lectures = (await db.selectFrom('lectures').select(['id', 'day']).where('course_id', '=', COURSE).orderBy('day').execute()).slice(
    0,
    50,
  );
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const t0 = performance.now();
  for (let b = 0; b < STUDENTS; b += 100) {
    const users = benchUserRows('bench_s', b, 100, 'student', iso(now - 90 * 86_400_000));
    await db.insertInto('users').values(users).execute();
    const done = users.flatMap((u, k) =>
      lectures
        .slice(0, (b + k) % 51)
        .map((l) => ({ student_id: u.id, lecture_id: l.id, completed_at: iso(now - ((b + k + l.day) % 60) * 86_400_000) })),
    );
    for (let i = 0; i < done.length; i += 500)
      await db
        .insertInto('lecture_completions')
        .values(done.slice(i, i + 500))
        .execute();
    const hw = users.flatMap((u, k) =>
      lectures.slice(0, 10).map((l) => ({
        student_id: u.id,
        lecture_id: l.id,
        course_id: COURSE,
        task_index: 0,
        code: 'print(1)',
        language: 'python' as const,
        submitted_at: iso(now - ((k + l.day) % 30) * 86_400_000),
        grade: (['A', 'B', 'C', 'D', 'F'] as const)[(k + l.day) % 5],
        autograde_status: 'none' as const,
        superseded: 0,
      })),
    );
    for (let i = 0; i < hw.length; i += 200)
      await db
        .insertInto('homework_submissions')
        .values(hw.slice(i, i + 200))
        .execute();
  }
  for (let w = 1; w <= EXAMS; w++) {
    const id = `bench_exam_${w}`;
    await db
      .insertInto('exams')
      .values({
        id,
        course_id: COURSE,
        week: w,
        title: `W${w}`,
        duration_minutes: 60,
        questions: '[]',
        created_by: null,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .execute();
    const attempts = Array.from({ length: STUDENTS }, (_, s) => ({
      exam_id: id,
      student_id: `bench_s_${s}`,
      course_id: COURSE,
      status: 'graded' as const,
      started_at: iso(now - w * 86_400_000),
      deadline_at: iso(now - w * 86_400_000 + 3_600_000),
      submitted_at: iso(now - w * 86_400_000 + 1_800_000),
      submitted_by: 'student' as const,
      answers: '{}',
      grade: (s * 7 + w) % 41,
      max_grade: 40,
    }));
    for (let i = 0; i < attempts.length; i += 200)
      await db
        .insertInto('exam_attempts')
        .values(attempts.slice(i, i + 200))
        .execute();
  }
  // Fresh bulk rows have no planner statistics yet (autovacuum would gather them within a minute).
  if (deps.engine === 'postgres') await sql`analyze`.execute(db);
  console.log(`${deps.engine}: filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const guide = { id: 'g', name: 'g', email: 'g@x', role: 'guide' as const, batchId: null, lastLogin: null, sessionId: 's' };
  for (let i = 0; i < 5; i++) await courseAnalytics(deps, guide, { courseId: COURSE });
  const times: number[] = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    last = await courseAnalytics(deps, guide, { courseId: COURSE });
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  console.log(
    `${deps.engine}: ${last!.totalEnrollment} students, ${last!.lectureCount} lectures, ${last!.gradedExamCount} graded exams; avg completion ${last!.avgCompletion}%, at risk ${last!.atRiskStudents.length}`,
  );
  console.log(`${deps.engine}: GET analytics x${RUNS}: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms (target p99 < 200 ms)`);
  await dispose();
}

void main();
