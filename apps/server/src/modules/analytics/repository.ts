import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

/** Which students the figures cover: every student, or those of one batch. */
export interface Cohort {
  courseId: string;
  batchId: string | null;
}

const num = (v: unknown) => Number(v ?? 0);

/** The cohort's students as a subquery of ids. */
function cohortIds(db: Executor, cohort: Cohort) {
  let q = db.selectFrom('users').select('users.id').where('users.role', '=', 'student');
  if (cohort.batchId) q = q.where('users.batch_id', '=', cohort.batchId);
  return q;
}

/** The course's lecture ids as a subquery. */
const courseLectureIds = (db: Executor, courseId: string) =>
  db.selectFrom('lectures').select('lectures.id').where('lectures.course_id', '=', courseId);

export async function findCourse(db: Executor, courseId: string) {
  return db.selectFrom('courses').select(['id', 'title']).where('id', '=', courseId).executeTakeFirst();
}

export async function batchExists(db: Executor, batchId: string) {
  return !!(await db.selectFrom('batches').select('id').where('id', '=', batchId).executeTakeFirst());
}

export async function countStudents(db: Executor, cohort: Cohort): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'student');
  if (cohort.batchId) q = q.where('batch_id', '=', cohort.batchId);
  return num((await q.executeTakeFirst())?.n);
}

/** Every lecture of the course with its completion count among the cohort (0 when none). */
export async function completionsPerLecture(db: Executor, cohort: Cohort) {
  const rows = await db
    .selectFrom('lectures')
    .leftJoin('lecture_completions as lc', (join) =>
      join.onRef('lc.lecture_id', '=', 'lectures.id').on('lc.student_id', 'in', cohortIds(db, cohort)),
    )
    .select(['lectures.id', 'lectures.day', 'lectures.title', (eb) => eb.fn.count<string | number>('lc.student_id').as('n')])
    .where('lectures.course_id', '=', cohort.courseId)
    .groupBy(['lectures.id', 'lectures.day', 'lectures.title'])
    .orderBy('lectures.day')
    .execute();
  return rows.map((r) => ({ lectureId: r.id, day: r.day, title: r.title, completions: num(r.n) }));
}

/**
 * Students whose completion is below `belowPercent` of `lectureCount` lectures, with their completed count:
 * the comparison is done in integers (completed * 100 < percent * lectures), so exactly 25 % is not below.
 */
export async function studentsBelow(db: Executor, cohort: Cohort, lectureCount: number, belowPercent: number) {
  let q = db
    .selectFrom('users')
    .leftJoin('lecture_completions as lc', (join) =>
      join.onRef('lc.student_id', '=', 'users.id').on('lc.lecture_id', 'in', courseLectureIds(db, cohort.courseId)),
    )
    .select(['users.id', 'users.name', (eb) => eb.fn.count<string | number>('lc.lecture_id').as('n')])
    .where('users.role', '=', 'student');
  if (cohort.batchId) q = q.where('users.batch_id', '=', cohort.batchId);
  const rows = await q
    .groupBy(['users.id', 'users.name'])
    .having(sql<boolean>`count(lc.lecture_id) * 100 < ${belowPercent * lectureCount}`)
    .orderBy(sql`count(lc.lecture_id)`)
    .orderBy('users.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, completed: num(r.n) }));
}

/** Graded exam attempts of the cohort: how many, the average percent and the count per 10-point band. */
export async function examScores(db: Executor, cohort: Cohort) {
  const pct = sql<number>`(exam_attempts.grade * 100.0 / exam_attempts.max_grade)`;
  const band = sql<number>`case ${sql.join(
    [90, 80, 70, 60, 50, 40, 30, 20, 10].map((b) => sql`when ${pct} >= ${b} then ${b}`),
    sql` `,
  )} else 0 end`;
  const base = db
    .selectFrom('exam_attempts')
    .where('exam_attempts.course_id', '=', cohort.courseId)
    .where('exam_attempts.status', '=', 'graded')
    .where('exam_attempts.max_grade', '>', 0)
    .where('exam_attempts.grade', 'is not', null)
    .where('exam_attempts.student_id', 'in', cohortIds(db, cohort));
  const avg = await base
    .select([sql<string | number | null>`avg(${pct})`.as('avg'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .executeTakeFirst();
  const bands = await base
    .select([band.as('band'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(sql`1`)
    .execute();
  return {
    count: num(avg?.n),
    average: avg?.avg === null || avg?.avg === undefined ? null : Number(avg.avg),
    bands: new Map(bands.map((b) => [num(b.band), num(b.n)])),
  };
}

/** The cohort's current (not superseded) graded homework, counted by letter. */
export async function homeworkGrades(db: Executor, cohort: Cohort) {
  const rows = await db
    .selectFrom('homework_submissions')
    .select(['grade', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('course_id', '=', cohort.courseId)
    .where('superseded', '=', 0)
    .where('grade', 'is not', null)
    .where('student_id', 'in', cohortIds(db, cohort))
    .groupBy('grade')
    .execute();
  return new Map(rows.map((r) => [r.grade!, num(r.n)]));
}

type ActivityTable = 'lecture_completions' | 'homework_submissions' | 'exam_attempts';
const activityColumn = {
  lecture_completions: 'completed_at',
  homework_submissions: 'submitted_at',
  exam_attempts: 'submitted_at',
} as const;

/** Counts per week window [starts[i], starts[i+1]) in one pass: one `sum(case ...)` column per week. */
export async function weeklyCounts(db: Executor, cohort: Cohort, table: ActivityTable, starts: string[], end: string): Promise<number[]> {
  const col = sql.ref(`${table}.${activityColumn[table]}`);
  const bounds = [...starts.slice(1), end];
  let q = (db.selectFrom(table) as unknown as SelectQueryBuilder<Database, ActivityTable, object>).select(
    starts.map((s, i) => sql<string | number>`sum(case when ${col} >= ${s} and ${col} < ${bounds[i]} then 1 else 0 end)`.as(`w${i}`)),
  );
  q = q
    .where(sql.ref(`${table}.student_id`), 'in', cohortIds(db, cohort))
    .where(col, '>=', starts[0])
    .where(col, '<', end);
  if (table === 'lecture_completions') q = q.where(sql.ref('lecture_completions.lecture_id'), 'in', courseLectureIds(db, cohort.courseId));
  else q = q.where(sql.ref(`${table}.course_id`), '=', cohort.courseId);
  const row = (await q.executeTakeFirst()) as Record<string, unknown> | undefined;
  return starts.map((_, i) => num(row?.[`w${i}`]));
}

/**
 * Students with no activity since `since` (a session seen, a lecture completed, a homework submitted), with
 * their last activity (null: never), longest inactive first; at most `limit` of them, and how many in all.
 */
export async function inactiveStudents(db: Executor, cohort: Cohort, since: string, limit: number) {
  const noActivity = (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('sessions')
            .select(sql`1`.as('x'))
            .whereRef('sessions.user_id', '=', 'users.id')
            .where('sessions.last_seen_at', '>=', since),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('lecture_completions')
            .select(sql`1`.as('x'))
            .whereRef('lecture_completions.student_id', '=', 'users.id')
            .where('lecture_completions.completed_at', '>=', since),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('homework_submissions')
            .select(sql`1`.as('x'))
            .whereRef('homework_submissions.student_id', '=', 'users.id')
            .where('homework_submissions.submitted_at', '>=', since),
        ),
      ),
    ]);
  let base = db.selectFrom('users').where('users.role', '=', 'student').where(noActivity);
  if (cohort.batchId) base = base.where('users.batch_id', '=', cohort.batchId);
  const total = num((await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n);
  const rows = await base
    .select((eb) => [
      'users.id',
      'users.name',
      eb
        .selectFrom('sessions')
        .select((e) => e.fn.max('sessions.last_seen_at').as('m'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('seen'),
      eb
        .selectFrom('lecture_completions')
        .select((e) => e.fn.max('lecture_completions.completed_at').as('m'))
        .whereRef('lecture_completions.student_id', '=', 'users.id')
        .as('done'),
      eb
        .selectFrom('homework_submissions')
        .select((e) => e.fn.max('homework_submissions.submitted_at').as('m'))
        .whereRef('homework_submissions.student_id', '=', 'users.id')
        .as('sent'),
    ])
    .orderBy('users.name')
    .limit(limit)
    .execute();
  const students = rows.map((r) => {
    const times = [r.seen, r.done, r.sent].filter((v): v is string => typeof v === 'string');
    return { id: r.id, name: r.name, lastActiveAt: times.length ? times.sort().at(-1)! : null };
  });
  return { total, students };
}
