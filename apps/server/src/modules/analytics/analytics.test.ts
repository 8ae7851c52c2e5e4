import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, GUIDE_EMAIL, GUIDE_PASSWORD, type TestApp } from '../../../test/harness.js';
import { isAtRisk, weekStarts } from './policy.js';

const COURSE = 'course_an';
const DAY = 86_400_000;

/**
 * Issue 17: every figure against a fixture computed by hand. Course of 8 lectures (25 % = 2 completions).
 * Batch b1: Ada 0 lectures (at risk), Ben 1 (12.5 %, at risk), Cy 2 (25 %: not at risk), Dee 8 (100 %).
 * Batch b2: Eve, nothing at all. Completions per lecture: day 1: 3, day 2: 2, days 3-8: 1 each (tie: by day).
 */
describe.each(engines)('analytics (%s)', (engine) => {
  let t: TestApp;
  let guide: string;
  const ids: Record<string, string> = {};
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp(engine);
    guide = await t.login(GUIDE_EMAIL, GUIDE_PASSWORD);
    const db = t.deps.db;
    await db.insertInto('courses').values({ id: COURSE, prefix: 'an', title: 'Analytics 101', position: 99 }).execute();
    await db
      .insertInto('batches')
      .values([
        { id: 'b1', name: 'B1', created_at: ago(DAY * 30) },
        { id: 'b2', name: 'B2', created_at: ago(DAY * 30) },
      ])
      .execute();
    await db
      .insertInto('lectures')
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          id: `an-${i + 1}`,
          course_id: COURSE,
          day: i + 1,
          title: `Topic ${i + 1}`,
          description: '',
          key_concepts: '[]',
          quick_quiz: '[]',
          detailed_content: '[]',
          code_content: '[]',
          updated_at: null,
          updated_by: null,
        })),
      )
      .execute();
    for (const [name, batchId] of [
      ['Ada', 'b1'],
      ['Ben', 'b1'],
      ['Cy', 'b1'],
      ['Dee', 'b1'],
      ['Eve', 'b2'],
    ] as const) {
      ids[name] = (await t.createUser({ role: 'student', name, batchId })).id;
    }
    // Test-made users have no sessions unless they sign in; Ben was seen 2 days ago.
    await db
      .insertInto('sessions')
      .values({ id: 'sess-ben', user_id: ids.Ben!, created_at: ago(2 * DAY), last_seen_at: ago(2 * DAY), expires_at: ago(-DAY) })
      .execute();
    const complete = (who: string, days: number[], at: string) =>
      db
        .insertInto('lecture_completions')
        .values(days.map((d) => ({ student_id: ids[who]!, lecture_id: `an-${d}`, completed_at: at })))
        .execute();
    await complete('Ben', [1], ago(3 * DAY));
    await complete('Cy', [1, 2], ago(10 * DAY));
    await complete('Dee', [1, 2, 3, 4, 5, 6, 7, 8], ago(DAY));
  });
  afterAll(() => t.close());

  const hw = (who: string, grade: 'A' | 'B' | 'C' | 'F', at: string, superseded = 0) =>
    t.deps.db
      .insertInto('homework_submissions')
      .values({
        student_id: ids[who]!,
        lecture_id: 'an-1',
        course_id: COURSE,
        task_index: 0,
        code: 'x',
        language: 'python',
        submitted_at: at,
        grade,
        autograde_status: 'none',
        superseded,
      })
      .execute();

  it('gives the cards, at-risk students (exactly 25 % is not) and difficult lectures (ties by day); no exams yet', async () => {
    const res = await get(`/api/analytics?courseId=${COURSE}&batchId=b1`, guide);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      courseTitle: 'Analytics 101',
      lectureCount: 8,
      totalEnrollment: 4,
      avgCompletion: 34.4,
      avgExamScore: null,
      gradedExamCount: 0,
    });
    expect(a.atRiskStudents).toEqual([
      { id: ids.Ada, name: 'Ada', completion: 0 },
      { id: ids.Ben, name: 'Ben', completion: 12.5 },
    ]);
    expect(a.difficultLectures.map((l: { day: number; completions: number }) => [l.day, l.completions])).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
    ]);
    expect(a.difficultLectures[0]).toMatchObject({ title: 'Topic 3', lectureId: 'an-3' });
    expect(a.completionPerLecture.map((l: { completions: number }) => l.completions)).toEqual([3, 2, 1, 1, 1, 1, 1, 1]);
    expect(a.examScoreBands.every((b: { count: number }) => b.count === 0)).toBe(true);

    const all = (await get(`/api/analytics?courseId=${COURSE}`, guide)).json();
    expect(all).toMatchObject({ totalEnrollment: 5, avgCompletion: 27.5, batchId: null });
    expect(all.atRiskStudents.map((s: { name: string }) => s.name)).toEqual(['Ada', 'Eve', 'Ben']);
  });

  it('averages graded exams as percents and counts homework letters, inactivity and weekly activity', async () => {
    const db = t.deps.db;
    await hw('Ada', 'A', ago(20 * DAY));
    await hw('Cy', 'B', ago(20 * DAY));
    await hw('Dee', 'B', ago(3_600_000), 1);
    await hw('Dee', 'C', ago(3_600_000));
    await hw('Eve', 'F', ago(40 * DAY));
    await db
      .insertInto('exams')
      .values({
        id: 'ex-an',
        course_id: COURSE,
        week: 1,
        title: 'W1',
        duration_minutes: 30,
        questions: '[]',
        created_by: null,
        created_at: ago(DAY),
        updated_at: ago(DAY),
      })
      .execute();
    const attempt = (who: string, status: 'in-progress' | 'submitted' | 'graded', grade: number | null, max: number) =>
      db
        .insertInto('exam_attempts')
        .values({
          exam_id: 'ex-an',
          student_id: ids[who]!,
          course_id: COURSE,
          status,
          started_at: ago(3 * 3_600_000),
          deadline_at: ago(-DAY),
          submitted_at: status === 'in-progress' ? null : ago(2 * 3_600_000),
          submitted_by: status === 'in-progress' ? null : 'student',
          answers: '{}',
          grade,
          max_grade: max,
        })
        .execute();
    await attempt('Ada', 'graded', 7, 10);
    await attempt('Cy', 'graded', 2, 3);
    await attempt('Ben', 'submitted', null, 10);
    await attempt('Dee', 'in-progress', null, 10);

    const a = (await get(`/api/analytics?courseId=${COURSE}&batchId=b1`, guide)).json();
    // (70 + 66.67) / 2, not 9 / 13.
    expect(a).toMatchObject({ avgExamScore: 68.3, gradedExamCount: 2 });
    expect(a.examScoreBands.filter((b: { count: number }) => b.count)).toEqual([
      { band: '60-69', count: 1 },
      { band: '70-79', count: 1 },
    ]);
    expect(a.homeworkGrades).toEqual([
      { grade: 'A', count: 1 },
      { grade: 'B', count: 1 },
      { grade: 'C', count: 1 },
      { grade: 'D', count: 0 },
      { grade: 'F', count: 0 },
    ]);
    // Ada: homework 20 days ago; Cy: lectures 10 days ago. Ben (seen 2 days ago) and Dee (yesterday) are active.
    expect(a.inactiveStudents).toEqual([
      { id: ids.Ada, name: 'Ada', lastActiveAt: ago(20 * DAY) },
      { id: ids.Cy, name: 'Cy', lastActiveAt: ago(10 * DAY) },
    ]);
    expect(a.inactiveCount).toBe(2);
    // The clock stands at Monday 2026-01-05 09:00 UTC.
    const weeks = Object.fromEntries(a.weeklyActivity.map((w: { weekStart: string }) => [w.weekStart, w]));
    expect(a.weeklyActivity).toHaveLength(8);
    expect(weeks['2025-12-15']).toMatchObject({ completions: 0, submissions: 2, examSubmissions: 0 });
    expect(weeks['2025-12-22']).toMatchObject({ completions: 2, submissions: 0 });
    expect(weeks['2025-12-29']).toMatchObject({ completions: 9, submissions: 0 });
    expect(weeks['2026-01-05']).toMatchObject({ completions: 0, submissions: 2, examSubmissions: 3 });

    const all = (await get(`/api/analytics?courseId=${COURSE}`, guide)).json();
    expect(all.homeworkGrades.find((g: { grade: string }) => g.grade === 'F').count).toBe(1);
    expect(all.inactiveStudents.find((s: { name: string }) => s.name === 'Eve')).toEqual({
      id: ids.Eve,
      name: 'Eve',
      lastActiveAt: ago(40 * DAY),
    });
  });

  it('exports the figures as CSV', async () => {
    const res = await get(`/api/analytics/export.csv?courseId=${COURSE}&batchId=b1`, guide);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="analytics-course_an-b1.csv"');
    const lines = res.body.split('\r\n');
    expect(lines).toContain('summary,Total Enrollment,4');
    expect(lines).toContain('summary,Overall Completion (%),34.4');
    expect(lines).toContain('at-risk (% complete),Ben,12.5');
    expect(lines).toContain('most difficult (completions),Day 3: Topic 3,1');
  });

  it('refuses students (403) and names an unknown course or batch (404), bad input (400)', async () => {
    const s = await t.createUser({ role: 'student' });
    const cookie = await t.login(s.email, s.password);
    expect((await get(`/api/analytics?courseId=${COURSE}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/analytics/export.csv?courseId=${COURSE}`, cookie)).statusCode).toBe(403);
    expect((await get('/api/analytics?courseId=nope', guide)).json().message).toBe('Course not found');
    expect((await get(`/api/analytics?courseId=${COURSE}&batchId=nope`, guide)).json().message).toBe('Batch not found');
    expect((await get('/api/analytics', guide)).statusCode).toBe(400);
  });
});

describe('analytics rules', () => {
  it('puts exactly 25 % outside the at-risk group', () => {
    expect(isAtRisk(1, 4)).toBe(false);
    expect(isAtRisk(0, 4)).toBe(true);
    expect(isAtRisk(12, 50)).toBe(true);
    expect(isAtRisk(13, 50)).toBe(false);
  });
  it('starts weeks on Monday UTC', () => {
    expect(weekStarts(new Date('2026-01-04T23:00:00Z'), 2)).toEqual(['2025-12-22T00:00:00.000Z', '2025-12-29T00:00:00.000Z']);
  });
});
