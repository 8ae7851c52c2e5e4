import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMILARITY_DEFAULT_THRESHOLD, type ContentBlock } from '@learn/shared';
import { coursesRoot, loadLessonFile } from '@learn/content';
import { File, FingerprintIndex, Options } from '@dodona/dolos-lib';
import { comparePrograms, grammarOf, matchingFragments, type EngineLanguage } from './engine.js';
import { clustersOf } from './clusters.js';
import * as p from './test-programs.js';
import * as shape from './test-programs-shape.js';

/** Dolos through our adapter, on real programs: what a guide must see flagged, and what must stay quiet. */
async function similarity(language: EngineLanguage, a: string, b: string, given: string[] = []) {
  const { pairs } = await comparePrograms(
    language,
    [
      { key: 1, code: a },
      { key: 2, code: b },
    ],
    given,
    0,
  );
  return pairs[0]?.similarity ?? 0;
}

describe('similarity engine (Dolos)', () => {
  it.each([
    ['renamed variables and functions', p.renamed],
    ['functions in another order', p.reordered],
    ['changed comments, spacing and brace style', p.recommented],
  ])('flags a copy with %s above the default threshold', async (_, copy) => {
    expect(copy).not.toBe(p.original);
    expect(await similarity('c', p.original, copy)).toBeGreaterThanOrEqual(SIMILARITY_DEFAULT_THRESHOLD);
  });

  it('does not flag two independent correct solutions of the same task', async () => {
    expect(await similarity('c', p.original, p.independent)).toBeLessThan(SIMILARITY_DEFAULT_THRESHOLD);
  });

  it('does not flag two independent solutions of a short task', async () => {
    expect(await similarity('python', p.vowelsA, p.vowelsB)).toBeLessThan(SIMILARITY_DEFAULT_THRESHOLD);
  });

  it('does not flag several independent solutions of a real course task (Python day 7, time converter)', async () => {
    const lesson = loadLessonFile(join(coursesRoot, 'python', 'day-07-operators.yaml'));
    const task = lesson.assignment!.tasks[0]!;
    // As the server gives it: the task's starter and the lesson's Python examples are left out.
    const blocks: ContentBlock[] = [...lesson.detailedContent, ...lesson.codeContent];
    const given = [task.initialCode!, ...blocks.flatMap((b) => (b.type === 'code' && b.language === 'python' ? [b.code] : []))];
    const solutions = [task.solution!, ...Object.values(p.timeConverter)];
    const { pairs } = await comparePrograms(
      'python',
      solutions.map((code, key) => ({ key, code })),
      given,
      0,
    );
    expect(pairs).toHaveLength((solutions.length * (solutions.length - 1)) / 2);
    expect(pairs[0]!.similarity).toBeLessThan(SIMILARITY_DEFAULT_THRESHOLD);
  });

  it('leaves the starter code out: keeping it does not make two submissions similar', async () => {
    const withStarter = await similarity('python', p.starterFilledA, p.starterFilledB);
    const without = await similarity('python', p.starterFilledA, p.starterFilledB, [p.starter]);
    // Counted, the shared starter alone would flag them; left out, they are what their own code is.
    expect(withStarter).toBeGreaterThanOrEqual(SIMILARITY_DEFAULT_THRESHOLD);
    expect(without).toBeLessThan(SIMILARITY_DEFAULT_THRESHOLD);
    // Two students who handed in the starter untouched share nothing of their own.
    expect(await similarity('python', p.starter, p.starter, [p.starter])).toBe(0);
  });

  it('reports progress up to the total and only pairs at or above the floor, most similar first', async () => {
    const steps: [number, number][] = [];
    const { pairs } = await comparePrograms(
      'c',
      [p.original, p.renamed, p.independent, p.reordered].map((code, i) => ({ key: i + 10, code })),
      [],
      0.5,
      (done, total) => void steps.push([done, total]),
    );
    expect(steps.at(-1)).toEqual([8, 8]);
    expect(pairs.map((x) => [x.left, x.right].sort().join('-'))).toEqual(expect.arrayContaining(['10-11', '10-13', '11-13']));
    expect(pairs.every((x) => x.similarity >= 0.5)).toBe(true);
    expect(pairs.map((x) => x.similarity)).toEqual([...pairs.map((x) => x.similarity)].sort((a, b) => b - a));
  });

  it('finds the matching parts of a pair, in both programs', async () => {
    const match = await matchingFragments('c', p.original, p.renamed, []);
    expect(match.fragments.length).toBeGreaterThan(0);
    const lines = p.renamed.split('\n').length;
    for (const f of match.fragments) {
      expect(f.left.endRow).toBeGreaterThanOrEqual(f.left.startRow);
      expect(f.right.endRow).toBeLessThan(lines);
    }
  });
});

/** The same two programs through Dolos' own CodeTokenizer (named node types only) and its defaults. */
async function dolosOwnSimilarity(language: EngineLanguage, a: string, b: string) {
  const tokenizer = await (await grammarOf(language)).createTokenizer({ includeComments: false });
  const options = new Options();
  const [left, right] = [a, b].map((code, i) => tokenizer.tokenizeFile(new File(`${i}.${language}`, code)));
  const index = new FingerprintIndex(options.kgramLength, options.kgramsInWindow);
  index.addFiles([left!, right!]);
  return index.getPair(left!, right!).similarity;
}

describe('similarity engine: operators, keywords and literal values count (tokenizer.ts)', () => {
  it.each(['c', 'cpp', 'python'] as const)(
    "%s: another student's solution of the same shape is not flagged, though Dolos' own tokens would flag it",
    async (language) => {
      const { original, sameShape } = shape[language];
      // Dolos' named node types alone: other comparisons, constants and types look like a renamed copy.
      expect(await dolosOwnSimilarity(language, original, sameShape)).toBeGreaterThanOrEqual(SIMILARITY_DEFAULT_THRESHOLD);
      expect(await similarity(language, original, sameShape)).toBeLessThan(SIMILARITY_DEFAULT_THRESHOLD);
    },
  );

  it.each(['c', 'cpp', 'python'] as const)('%s: a renamed, reordered, re-commented and re-spaced copy is flagged', async (language) => {
    const { original, disguised } = shape[language];
    expect(await similarity(language, original, disguised)).toBeGreaterThanOrEqual(SIMILARITY_DEFAULT_THRESHOLD);
  });
});

describe('clusters', () => {
  it('groups three students sharing one program, and leaves a lone pair out', () => {
    const groups = clustersOf([
      { left: 'a', right: 'b', similarity: 0.9 },
      { left: 'b', right: 'c', similarity: 0.95 },
      { left: 'x', right: 'y', similarity: 0.8 },
    ]);
    expect(groups).toEqual([{ members: expect.arrayContaining(['a', 'b', 'c']), maxSimilarity: 0.95 }]);
    expect(groups[0]!.members).toHaveLength(3);
  });
});
