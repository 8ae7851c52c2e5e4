/**
 * Similar submissions benchmark: `npm run bench:similarity`. A temporary SQLite database with 500
 * (BENCH_SUBMISSIONS) students, each with one submission of one Python homework task: generated programs
 * (bench/similarity-programs.ts), 40 of them with 1 to 3 disguised copies (85 planted pairs), the rest
 * written independently. The comparison runs as the server runs it (the background worker, Dolos, results
 * stored), and the benchmark reports the time, the memory, how long the event loop was held at most (the
 * server keeps answering meanwhile), the planted pairs found at the default threshold and the independent
 * pairs flagged (goal: every planted pair, no independent one).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SIMILARITY_DEFAULT_THRESHOLD, SIMILARITY_MIN_THRESHOLD } from '@learn/shared';
import { benchDeps } from './bench-app.js';
import { generateClass } from './similarity-programs.js';
import { generateApproachClass } from './similarity-approaches.js';
import { SimilarityWorker } from '../apps/server/src/modules/similarity/worker.js';
import { findRun, pairsOf } from '../apps/server/src/modules/similarity/repository.js';

const TOTAL = Number(process.env.BENCH_SUBMISSIONS ?? 500);
const LECTURE = 'python-day-5';
const TASK = 1;
const SCOPE = `homework:${LECTURE}:${TASK}`;

const { deps, dispose } = await benchDeps('similarity');
const { db, clock } = deps;
// BENCH_CLASS=approaches: independent students who take one of a class's approaches (similarity-approaches.ts).
const CLASS = process.env.BENCH_CLASS === 'approaches' ? 'approaches' : 'steps';
// BENCH_SEED: another class drawn the same way (the figures in docs/similarity.md are for seeds 30 to 32).
const SEED = Number(process.env.BENCH_SEED ?? 30);
const { programs, planted } = CLASS === 'approaches' ? generateApproachClass(TOTAL, SEED) : generateClass(TOTAL, SEED);

const now = clock.now().toISOString();
const refs: number[] = [];
for (let i = 0; i < programs.length; i += 100) {
  const chunk = programs.slice(i, i + 100).map((_, k) => i + k);
  await db
    .insertInto('users')
    .values(
      chunk.map((n) => ({
        id: `bench_student_${n}`,
        name: `Student ${n}`,
        email: `bench${n}@example.com`,
        role: 'student' as const,
        password_hash: 'not-a-login',
        batch_id: null,
        last_login: null,
        created_at: now,
      })),
    )
    .execute();
  const rows = await db
    .insertInto('homework_submissions')
    .values(
      chunk.map((n) => ({
        student_id: `bench_student_${n}`,
        lecture_id: LECTURE,
        course_id: 'course_python_01',
        task_index: TASK,
        code: programs[n]!,
        language: 'python' as const,
        submitted_at: now,
        autograde_status: 'none' as const,
        superseded: 0,
      })),
    )
    .returning('id')
    .execute();
  refs.push(...rows.map((r) => Number(r.id)));
}

const worker = new SimilarityWorker(deps, (err) => {
  throw err;
});
const loop = monitorEventLoopDelay({ resolution: 10 });
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const before = process.memoryUsage();
const sampler = setInterval(sample, 20);
loop.enable();
const started = performance.now();
await worker.request(SCOPE, 'course_python_01');
await worker.idle();
const seconds = (performance.now() - started) / 1000;
loop.disable();
clearInterval(sampler);
sample();

const index = new Map(refs.map((ref, i) => [ref, i]));
const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
const plantedKeys = new Set(planted.map(([a, b]) => key(a, b)));
const flagged = (await pairsOf(db, SCOPE, SIMILARITY_DEFAULT_THRESHOLD)).map((p) => ({
  key: key(index.get(Number(p.left_ref))!, index.get(Number(p.right_ref))!),
  similarity: Number(p.similarity),
}));
const found = flagged.filter((p) => plantedKeys.has(p.key));
const falsePositives = flagged.filter((p) => !plantedKeys.has(p.key));
const stored = await pairsOf(db, SCOPE, 0);
const plantedSims = stored.filter((p) => plantedKeys.has(key(index.get(Number(p.left_ref))!, index.get(Number(p.right_ref))!)));
const independentMax = Math.max(
  0,
  ...stored
    .filter((p) => !plantedKeys.has(key(index.get(Number(p.left_ref))!, index.get(Number(p.right_ref))!)))
    .map((p) => Number(p.similarity)),
);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
/** Planted and independent pairs at or above `t` (from the pairs kept, every one at or above the floor). */
const at = (t: number) => {
  const kept = stored.filter((p) => Number(p.similarity) >= t);
  const plantedAt = kept.filter((p) => plantedKeys.has(key(index.get(Number(p.left_ref))!, index.get(Number(p.right_ref))!))).length;
  return `${plantedAt}/${planted.length} planted, ${kept.length - plantedAt} independent`;
};
const pairsCompared = (programs.length * (programs.length - 1)) / 2;

console.log(
  `Similar submissions benchmark (class: ${CLASS}, seed ${SEED}): ${programs.length} submissions of one task, ${pairsCompared} pairs compared`,
);
console.log(`  time to compare (request -> results stored): ${seconds.toFixed(1)} s`);
console.log(`  memory: peak RSS ${mb(peakRss)} (before ${mb(before.rss)}), peak heap ${mb(peakHeap)} (before ${mb(before.heapUsed)})`);
console.log(`  event loop held at most ${(loop.max / 1e6).toFixed(0)} ms at a time (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms)`);
console.log(`  planted pairs found at the default threshold (${SIMILARITY_DEFAULT_THRESHOLD}): ${found.length} of ${planted.length}`);
console.log(`  lowest planted similarity: ${Math.min(...plantedSims.map((p) => Number(p.similarity))).toFixed(2)}`);
console.log(`  independent pairs flagged: ${falsePositives.length} (highest independent similarity ${independentMax.toFixed(2)})`);
console.log(`  pairs kept (similarity >= ${SIMILARITY_MIN_THRESHOLD}): ${stored.length}`);
console.log(`  at other thresholds: ${[0.75, 0.8, 0.85, 0.9].map((t) => `${t}: ${at(t)}`).join('; ')}`);
const lowestPlanted = Math.min(...plantedSims.map((p) => Number(p.similarity)));
console.log(
  lowestPlanted > independentMax
    ? `  a threshold between ${independentMax.toFixed(2)} and ${lowestPlanted.toFixed(2)} separates them exactly in this class`
    : '  no threshold separates planted and independent pairs in this class',
);
console.log(
  found.length === planted.length && falsePositives.length === 0
    ? '  goal met: every planted pair found, no independent pair flagged'
    : `  goal not met at the default threshold: ${planted.length - found.length} planted pair(s) missed, ${falsePositives.length} independent pair(s) flagged`,
);

// Dolos' own advice for this comparison, stored with the run: the cut-off its web app would start with.
const suggested = (await findRun(db, SCOPE))?.suggested ?? null;
if (suggested === null) console.log("  Dolos' suggested threshold: none (no local minimum in the distribution)");
else console.log(`  Dolos' suggested threshold ${Number(suggested).toFixed(3)}: ${at(Number(suggested))} pairs at or above it`);
await dispose();
// Missing a planted copy is a failure; independent pairs flagged are reported (the threshold is the course's to set).
if (found.length < planted.length) process.exitCode = 1;
