/**
 * The threshold Dolos itself advises for one comparison: its web app (dodona-edu/dolos,
 * `web/src/api/utils/cutoff.ts`, MIT) does not start from a fixed number but guesses the cut-off from the
 * distribution of every pair's similarity: a class's independent pairs form one hump and copies another,
 * so it takes a local minimum of the (overlapping, 0.03 wide) histogram, weighted towards about 0.8 and
 * towards sparse bins, and never below the mean similarity. `dolos-lib` does not export it (it lives in the
 * web app), so it is ported here, kept as close to the original as our types allow.
 */

/** Counts of sorted similarities in overlapping bins of width 2 * step (Dolos' getBinnedCount). */
function binnedCount(sorted: ArrayLike<number>, step: number): number[] {
  const results: number[] = [];
  let upper = 0;
  let lower = 0;
  let next = step;
  for (let i = 0; i < sorted.length; i++) {
    while (sorted[i]! >= next) {
      results.push(upper + lower);
      lower = upper;
      upper = 0;
      next += step;
    }
    upper += 1;
  }
  results.push(upper + lower);
  return results;
}

/** A parabola with its lowest point (0.1) at `top`: Dolos' prior on where a good cut-off lies. */
export function weightedDistributionIndex(index: number, top = 0.8): number {
  const a = 0.9 / (1 / 3 - top + top * top);
  const b = -2 * top * a;
  const c = -top * top * a - top * b + 0.1;
  return Math.round((a * index * index + b * index + c) * 1000) / 1000;
}

/** Indices where the counts stop falling and start rising (Dolos' getLocalMinima). */
export function localMinima(array: number[]): number[] {
  const results: number[] = [];
  let currentDirection = array[0]! < array[1]!;
  for (let i = 0; i < array.length - 1; i++) {
    const direction = array[i]! < array[i + 1]!;
    if (direction !== currentDirection) {
      if (!currentDirection) results.push(i);
      currentDirection = direction;
    }
  }
  return results;
}

/**
 * Dolos' guessed cut-off for these similarities (every pair's, not only the high ones), or null when the
 * distribution has no local minimum to go by (Dolos would answer NaN there; the caller keeps its fallback).
 */
export function guessSimilarityThreshold(similarities: ArrayLike<number>, step = 0.03): number | null {
  if (similarities.length === 0) return null;
  const sorted = Float64Array.from(similarities).sort();
  let mean = 0;
  for (const s of sorted) mean += s;
  mean /= sorted.length;
  const counts = binnedCount(sorted, step);
  const minima = localMinima(counts);
  if (minima.length === 0) return null;
  const weights = minima.map((v) => (Math.sqrt(counts[v]!) + 1) * weightedDistributionIndex(v * step));
  const best = weights.reduce((prev, curr, i) => (weights[prev]! < curr ? prev : i), 0);
  return Math.max(mean, minima[best]! * step + step / 2);
}
