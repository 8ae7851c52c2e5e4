import { File, FingerprintIndex, LanguagePicker, Options, ProgrammingLanguage, type Pair, type TokenizedFile } from '@dodona/dolos-lib';
import { guessSimilarityThreshold } from './cutoff.js';
import { SourceTokenizer } from './tokenizer.js';

/**
 * The comparison itself is Dolos (@dodona/dolos-lib, MIT): each program is parsed with tree-sitter into
 * tokens (tokenizer.ts: the syntax tree's node types, operators, keywords and literal values; not names,
 * comments or layout), cut into k-grams, winnowed into fingerprints and indexed; a pair's similarity is
 * the share of both programs' fingerprints they share. Code everyone was given (starter code, the
 * lesson's examples) is added as "ignored" files: fingerprints found in it count for nobody. This file
 * only adapts Dolos' API to ours (and yields to the event loop between steps so the server keeps
 * answering while a class is compared).
 */
export type EngineLanguage = 'c' | 'cpp' | 'python';

/**
 * Names how this engine scores: change it whenever the same programs would get other similarities (the
 * tokens, the k-gram length, the share). Every comparison made before is then out of date and is redone
 * (worker.ts signatureOf), so no report mixes two engines' scores with one threshold.
 */
export const ENGINE = 'dolos-3.5.1 source-tokens-1 k23 w17';

export interface EngineInput {
  /** The caller's key of the program (a submission or attempt id). */
  key: number;
  code: string;
}

export interface EnginePair {
  left: number;
  right: number;
  similarity: number;
  longest: number;
  longestShare: number;
}

export interface EngineRegion {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

const tokenizers = new Map<EngineLanguage, Promise<SourceTokenizer>>();

/** Dolos' tree-sitter grammar of the language, loaded. */
export async function grammarOf(language: EngineLanguage): Promise<ProgrammingLanguage> {
  const found = await new LanguagePicker().findLanguage(language);
  if (!(found instanceof ProgrammingLanguage)) throw new Error(`Dolos has no tree-sitter grammar for ${language}`);
  await found.loadLanguageModule();
  return found;
}

/** One tokenizer per language, made once (loading a tree-sitter grammar takes a moment). */
function tokenizerFor(language: EngineLanguage): Promise<SourceTokenizer> {
  let t = tokenizers.get(language);
  if (!t) {
    t = grammarOf(language).then((grammar) => new SourceTokenizer(grammar));
    tokenizers.set(language, t);
  }
  return t;
}

const extension: Record<EngineLanguage, string> = { c: 'c', cpp: 'cpp', python: 'py' };
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function tokenize(tokenizer: SourceTokenizer, name: string, language: EngineLanguage, code: string): TokenizedFile {
  return tokenizer.tokenizeFile(new File(`${name}.${extension[language]}`, code));
}

/** Dolos' own defaults (k-gram length 23 tokens, window 17): the values its papers and Dodona use. */
const options = new Options();

/**
 * Code most of the class wrote is no evidence that two of them copied: the task's boilerplate (the I/O it
 * prescribes, `int main`, the includes) beyond the starter. Dolos leaves out, on request, a fingerprint
 * found in more than a share of the files (`--max-fingerprint-percentage`; its documentation's example is
 * 0.5). We ask for half the class, and only from 20 programs on: in a small class a copy shared by half
 * of it must still be seen.
 */
export const COMMON_SHARE = 0.5;
export const COMMON_FROM = 20;
const commonCount = (programs: number) => (programs >= COMMON_FROM ? Math.floor(programs * COMMON_SHARE) : undefined);

/** The common-code limit is set before any file is added, as Dolos' own analyze() does. */
const newIndex = (programs: number) => new FingerprintIndex(options.kgramLength, options.kgramsInWindow, false, commonCount(programs));

/**
 * How many of each program's k-grams are the given code's (occurrences, as the totals count them).
 * Dolos 3.5.1's Pair subtracts the left program's count of distinct ignored fingerprints from both sides'
 * occurrence totals (`rightIgnored = leftEntry.ignored.size`), which lowers the share of a copy whenever the
 * starter is left out; we compute the same share from the same pair data with each side's own count.
 */
function givenCounts(index: FingerprintIndex): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of index.entries()) {
    let n = 0;
    for (const fingerprint of entry.ignored) n += fingerprint.occurrencesOf(entry.file).length;
    counts.set(entry.file.id, n);
  }
  return counts;
}

/** The share of both programs' own k-grams (the given code's left out) that the other one shares, 0..1. */
function share(pair: Pair, given: Map<number, number>) {
  const left = Math.max(0, pair.leftTotal - (given.get(pair.leftFile.id) ?? 0));
  const right = Math.max(0, pair.rightTotal - (given.get(pair.rightFile.id) ?? 0));
  return { similarity: left + right > 0 ? Math.min(1, (pair.leftCovered + pair.rightCovered) / (left + right)) : 0 };
}

const lineCount = (code: string) => code.replace(/\n$/, '').split('\n').length;

/** The longest matching fragment (Dolos' fragments: runs of matching k-grams), in lines of the shorter side. */
function longestFragmentLines(pair: Pair): number {
  let longest = 0;
  for (const f of pair.buildFragments()) {
    const lines = Math.min(f.leftSelection.endRow - f.leftSelection.startRow, f.rightSelection.endRow - f.rightSelection.startRow) + 1;
    longest = Math.max(longest, lines);
  }
  return longest;
}

export interface Comparison {
  /** The pairs at or above the floor, most similar first. */
  pairs: EnginePair[];
  /** The cut-off Dolos' web app would start this comparison with (cutoff.ts); null when it has none. */
  suggested: number | null;
}

/**
 * Compares every program with every other and returns the pairs at or above `floor`, most similar first.
 * `progress(done, total)` is called as files are read and rows of pairs compared.
 */
export async function comparePrograms(
  language: EngineLanguage,
  inputs: EngineInput[],
  ignored: string[],
  floor: number,
  progress: (done: number, total: number) => void | Promise<void> = () => {},
): Promise<Comparison> {
  const total = inputs.length * 2;
  if (inputs.length < 2) {
    await progress(total, total);
    return { pairs: [], suggested: null };
  }
  const tokenizer = await tokenizerFor(language);
  const files: TokenizedFile[] = [];
  for (const [i, input] of inputs.entries()) {
    files.push(tokenize(tokenizer, String(input.key), language, input.code));
    if (i % 10 === 9) {
      await progress(i + 1, total);
      await tick();
    }
  }
  const index = newIndex(files.length);
  for (let i = 0; i < files.length; i += 50) {
    index.addFiles(files.slice(i, i + 50));
    await tick();
  }
  // After the programs, as Dolos does: an ignored file then takes its fingerprints out of every program.
  ignored.forEach((code, i) => index.addIgnoredFile(tokenize(tokenizer, `ignored-${i}`, language, code)));
  const given = givenCounts(index);
  await progress(inputs.length, total);

  const pairs: EnginePair[] = [];
  // Every pair's similarity, for Dolos' suggested cut-off (it reads the whole distribution).
  const all = new Float64Array((files.length * (files.length - 1)) / 2);
  let k = 0;
  let sinceTick = 0;
  for (let i = 0; i < files.length; i++) {
    for (let j = i + 1; j < files.length; j++) {
      const pair = index.getPair(files[i]!, files[j]!);
      const { similarity } = share(pair, given);
      all[k++] = similarity;
      if (similarity < floor) continue;
      const longest = longestFragmentLines(pair);
      pairs.push({
        left: inputs[i]!.key,
        right: inputs[j]!.key,
        similarity,
        longest,
        longestShare: Math.min(1, longest / Math.max(1, Math.min(lineCount(inputs[i]!.code), lineCount(inputs[j]!.code)))),
      });
    }
    sinceTick += files.length - i - 1;
    // About 500 pairs (tens of milliseconds) between turns of the event loop.
    if (sinceTick >= 500 || i === files.length - 1) {
      sinceTick = 0;
      await progress(inputs.length + i + 1, total);
      await tick();
    }
  }
  return { pairs: pairs.sort((a, b) => b.similarity - a.similarity || b.longest - a.longest), suggested: guessSimilarityThreshold(all) };
}

/** The matching parts of two programs (for the side-by-side view), with the same code left out. */
export async function matchingFragments(
  language: EngineLanguage,
  left: string,
  right: string,
  ignored: string[],
): Promise<{ similarity: number; fragments: { left: EngineRegion; right: EngineRegion }[] }> {
  const tokenizer = await tokenizerFor(language);
  const a = tokenize(tokenizer, 'left', language, left);
  const b = tokenize(tokenizer, 'right', language, right);
  // Two files: no class to tell common code by (Dolos refuses a share of two files too).
  const index = newIndex(2);
  index.addFiles([a, b]);
  ignored.forEach((code, i) => index.addIgnoredFile(tokenize(tokenizer, `ignored-${i}`, language, code)));
  const pair = index.getPair(a, b);
  const region = (r: EngineRegion): EngineRegion => ({ startRow: r.startRow, startCol: r.startCol, endRow: r.endRow, endCol: r.endCol });
  return {
    similarity: share(pair, givenCounts(index)).similarity,
    fragments: pair.buildFragments().map((f) => ({ left: region(f.leftSelection), right: region(f.rightSelection) })),
  };
}
