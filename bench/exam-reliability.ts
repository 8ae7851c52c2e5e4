/**
 * No acknowledged answer is lost (`npm run bench:exam-reliability`): 100 students (BENCH_STUDENTS) send
 * 100 autosaves each (10,000 in all), while the server process is killed with SIGKILL three times (after a
 * quarter, a half and three quarters of the acknowledged saves) and started again on the same database. A
 * save that gets no answer is sent again, as the page does. At the end every student's stored answers must be
 * the last acknowledged ones (or a newer save that reached the database just before a kill). Exits 1 on any
 * loss. On SQLite, then PostgreSQL.
 */
import { sql } from 'kysely';
import { examFixture } from './exam-fixture.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100);
const SAVES = Number(process.env.BENCH_SAVES ?? 100);

async function run(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const f = await examFixture(engine, STUDENTS);
  try {
    for (const s of f.students) {
      const r = await fetch(`${f.server.base}/api/exams/${f.examId}/attempt`, { method: 'POST', headers: { cookie: s.cookie } });
      if (!r.ok) throw new Error(`open failed: ${r.status}`);
    }
    const total = STUDENTS * SAVES;
    const marks = [0.25, 0.5, 0.75].map((x) => Math.floor(x * total));
    let acked = 0;
    let crashes = 0;
    let retries = 0;
    let crashing: Promise<void> | null = null;
    const lastAcked = new Map<string, { seq: number; text: string }>();
    await Promise.all(
      f.students.map(async (s) => {
        for (let seq = 1; seq <= SAVES; seq++) {
          const text = `${s.id} save ${seq}`;
          for (;;) {
            if (crashing) await crashing;
            try {
              const r = await fetch(`${f.server.base}/api/exams/${f.examId}/attempt/answers`, {
                method: 'PUT',
                headers: { 'content-type': 'application/json', cookie: s.cookie },
                body: JSON.stringify({ seq, answers: { q1: text } }),
              });
              if (r.status !== 200) throw new Error(`status ${r.status}`);
              await r.json();
              break;
            } catch {
              retries++;
              await new Promise((res) => setTimeout(res, 50));
            }
          }
          lastAcked.set(s.id, { seq, text });
          acked++;
          if (crashes < marks.length && acked >= marks[crashes]! && !crashing) {
            crashes++;
            crashing = f.crash().finally(() => (crashing = null));
          }
        }
      }),
    );
    if (crashing) await crashing;
    const rows = (
      await sql<{ student_id: string; save_seq: number; answers: string }>`select student_id, save_seq, answers from exam_attempts`.execute(
        f.handle.db,
      )
    ).rows;
    let lost = 0;
    for (const [id, last] of lastAcked) {
      const row = rows.find((r) => r.student_id === id);
      const stored = row ? (JSON.parse(row.answers) as { q1?: string }).q1 : undefined;
      if (!row || Number(row.save_seq) < last.seq || (Number(row.save_seq) === last.seq && stored !== last.text)) lost++;
    }
    console.log(
      `${engine.padEnd(9)} ${acked} acknowledged saves from ${STUDENTS} students, ${crashes} kill -9 and restarts, ${retries} resends after no answer: ${lost} students lost an acknowledged answer`,
    );
    return lost === 0 && crashes === marks.length;
  } finally {
    await f.dispose();
  }
}

const ok = (await run('sqlite')) && (await run('postgres'));
if (!ok) {
  console.error('FAILED: an acknowledged answer was lost (or the server was not killed three times)');
  process.exit(1);
}
