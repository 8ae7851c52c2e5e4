/**
 * Weighting shared fingerprints by their rarity in the class (an experiment, docs/similarity.md "What
 * changed, and why"): `npx tsx bench/similarity-weights.ts`. For the benchmark's classes (both kinds,
 * seeds 30 to 32, 500 programs each) it indexes the programs as engine.ts does (our tokens, Dolos'
 * k-grams and winnowing, the lesson's starter and examples left out, fingerprints in more than half of
 * the programs left out) and scores every pair with each weighting: the share of both programs'
 * fingerprint occurrences that the other one shares, each fingerprint weighted by w(df, N), where df is
 * the number of programs that contain it. `uniform` (every weight 1) is the engine's own share.
 *
 * It prints, per weighting, the planted copies found and independent pairs flagged at 0.85, the lowest
 * planted similarity, and the independent pairs at the highest threshold that still finds all 510 copies
 * (independent pairs are kept from 0.5 on, so below 0.5 that count is a lower bound).
 */
import { File, FingerprintIndex, Options, type SharedFingerprint } from '@dodona/dolos-lib';
import { benchDeps } from './bench-app.js';
import { generateClass } from './similarity-programs.js';
import { generateApproachClass } from './similarity-approaches.js';
import { scopeInputs } from '../apps/server/src/modules/similarity/inputs-repository.js';
import { COMMON_SHARE, grammarOf } from '../apps/server/src/modules/similarity/engine.js';
import { SourceTokenizer } from '../apps/server/src/modules/similarity/tokenizer.js';

const THRESHOLD = 0.85;
const SEEDS = [30, 31, 32];
const CLASSES = ['steps', 'approaches'] as const;

type Weight = (df: number, n: number) => number;
const weightings: [string, Weight][] = [
  ['uniform', () => 1],
  ['1/df^0.1', (df) => df ** -0.1],
  ['1/df^0.25', (df) => df ** -0.25],
  ['1/df^0.5', (df) => df ** -0.5],
  ['1/df', (df) => 1 / df],
  ['log(N/df)', (df, n) => Math.log(n / df)],
  ['log(1+N/df)', (df, n) => Math.log(1 + n / df)],
  ['log(3+N/df)', (df, n) => Math.log(3 + n / df)],
  ['left out above 30%', (df, n) => (df > 0.3 * n ? 0 : 1)],
  ['left out above 20%', (df, n) => (df > 0.2 * n ? 0 : 1)],
  ['left out above 10%', (df, n) => (df > 0.1 * n ? 0 : 1)],
];

// The code the bench's task gives (starter and the lesson's examples), as the server reads it.
const { deps, dispose } = await benchDeps('similarity-weights');
const inputs = await scopeInputs(deps.db, { kind: 'homework', lectureId: 'python-day-5', taskIndex: 1 }, () => 'python');
await dispose();
if (!inputs) throw new Error('The bench task python-day-5 #2 is not in the content');
const tokenizer = new SourceTokenizer(await grammarOf('python'));
const options = new Options();

/** Each program's fingerprints that count (not given, not common) with their occurrence counts. */
function fingerprintsOf(programs: string[]): Map<SharedFingerprint, number>[] {
  const files = programs.map((code, i) => tokenizer.tokenizeFile(new File(`${i}.py`, code)));
  const index = new FingerprintIndex(options.kgramLength, options.kgramsInWindow, false, Math.floor(files.length * COMMON_SHARE));
  index.addFiles(files);
  inputs!.given.forEach((code, i) => index.addIgnoredFile(tokenizer.tokenizeFile(new File(`given-${i}.py`, code))));
  const entries = new Map(index.entries().map((e) => [e.file.id, e]));
  return files.map((f) => new Map([...entries.get(f.id)!.shared].map((s) => [s, s.occurrencesOf(f).length])));
}

/** Every planted pair's similarity and every independent pair's at 0.5 or more, under one weighting. */
function score(fingerprints: Map<SharedFingerprint, number>[], planted: Set<string>, w: Weight) {
  const n = fingerprints.length;
  const weight = new Map<SharedFingerprint, number>();
  const totals = fingerprints.map((own) => {
    let total = 0;
    for (const [s, count] of own) {
      if (!weight.has(s)) weight.set(s, w(s.fileCount(), n));
      total += weight.get(s)! * count;
    }
    return total;
  });
  const copies: number[] = [];
  const independent: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [small, large] =
        fingerprints[i]!.size < fingerprints[j]!.size ? [fingerprints[i]!, fingerprints[j]!] : [fingerprints[j]!, fingerprints[i]!];
      let shared = 0;
      for (const [s, count] of small) {
        const other = large.get(s);
        if (other !== undefined) shared += weight.get(s)! * (count + other);
      }
      const total = totals[i]! + totals[j]!;
      const similarity = total > 0 ? Math.min(1, shared / total) : 0;
      if (planted.has(`${i}-${j}`)) copies.push(similarity);
      else if (similarity >= 0.5) independent.push(similarity);
    }
  }
  return { copies, independent };
}

const results = new Map<string, Record<(typeof CLASSES)[number], { copies: number[]; independent: number[] }>>();
for (const kind of CLASSES) {
  for (const seed of SEEDS) {
    const { programs, planted } = kind === 'approaches' ? generateApproachClass(500, seed) : generateClass(500, seed);
    const fingerprints = fingerprintsOf(programs);
    const plantedKeys = new Set(planted.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
    for (const [name, w] of weightings) {
      const { copies, independent } = score(fingerprints, plantedKeys, w);
      const row = results.get(name) ?? { steps: { copies: [], independent: [] }, approaches: { copies: [], independent: [] } };
      row[kind].copies.push(...copies);
      row[kind].independent.push(...independent);
      results.set(name, row);
    }
  }
}

const at = (values: number[], t: number) => values.filter((v) => v >= t).length;
const lowest = (values: number[]) => Math.min(...values);
console.log(`Seeds ${SEEDS.join(', ')}: 255 planted pairs of each kind; threshold ${THRESHOLD}`);
for (const [name, row] of results) {
  const keepsAll = Math.min(lowest(row.steps.copies), lowest(row.approaches.copies));
  const kinds = CLASSES.map((k) => {
    const { copies, independent } = row[k];
    return `${k} ${at(copies, THRESHOLD)} planted (lowest ${lowest(copies).toFixed(3)}), ${at(independent, THRESHOLD)} independent`;
  });
  console.log(
    `${name}: ${kinds.join('; ')}; at ${keepsAll.toFixed(3)} (all copies found): ` +
      CLASSES.map((k) => `${k} ${keepsAll < 0.5 ? 'more than ' : ''}${at(row[k].independent, keepsAll)} independent`).join(', '),
  );
}
