/**
 * Generated submissions for the similarity benchmark: one Python task (read numbers; print the largest,
 * the smallest, the mean, how many are even, the range and how many are negative). Each "independent" student assembles a program from
 * several ways of writing each step (inline or as a helper, in a main() or not, output in one of several
 * styles); a planted copy takes another student's program and disguises it (every name changed, helpers
 * in another order, comments and spacing changed).
 */

/** A small deterministic random generator (mulberry32), so every run of the benchmark sees the same class. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!, int: (n: number) => Math.floor(next() * n) };
}
type Rand = ReturnType<typeof random>;

/** Each step: the ways to write it, with `values` in and the named result out. */
const read = [
  'values = list(map(int, input().split()))',
  'values = [int(x) for x in input().split()]',
  'values = []\nfor part in input().split():\n    values.append(int(part))',
  'import sys\nvalues = [int(t) for t in sys.stdin.read().split()]',
  'line = input().strip()\nvalues = []\nif line:\n    values = [int(v) for v in line.split(" ") if v]',
  'raw = input()\nvalues = list(int(piece) for piece in raw.split())',
];
const check = [
  '',
  'if not values:\n    print("No numbers")\n    raise SystemExit(0)',
  'if len(values) == 0:\n    print("No numbers")\n    exit()',
  'assert len(values) > 0, "No numbers"',
  'for v in values:\n    if v < -1000 or v > 1000:\n        print("Out of range")\n        raise SystemExit(1)',
];
const largest = [
  'top = max(values)',
  'top = values[0]\nfor v in values[1:]:\n    if v > top:\n        top = v',
  'top = sorted(values)[-1]',
  'from functools import reduce\ntop = reduce(lambda a, b: a if a > b else b, values)',
  'top = None\ni = 0\nwhile i < len(values):\n    if top is None or values[i] > top:\n        top = values[i]\n    i += 1',
  'top = values[0]\nfor i in range(1, len(values)):\n    top = max(top, values[i])',
];
const smallest = [
  'low = min(values)',
  'low = values[0]\nfor v in values:\n    if v < low:\n        low = v',
  'low = sorted(values)[0]',
  'ordered = sorted(values)\nlow = ordered[0] if ordered else None',
  'low = float("inf")\nfor v in values:\n    low = v if v < low else low',
  'low = -max(-v for v in values)',
];
const mean = [
  'avg = sum(values) / len(values)',
  'total = 0\nfor v in values:\n    total += v\navg = total / len(values)',
  'import statistics\navg = statistics.mean(values)',
  'total = 0\ncount = 0\nfor v in values:\n    total = total + v\n    count = count + 1\navg = total / count',
  'avg = round(sum(values) / len(values), 2)',
  'avg = 0.0\nfor i, v in enumerate(values):\n    avg += (v - avg) / (i + 1)',
];
const evens = [
  'ev = sum(1 for v in values if v % 2 == 0)',
  'ev = len([v for v in values if v % 2 == 0])',
  'ev = 0\nfor v in values:\n    if v % 2 == 0:\n        ev += 1',
  'ev = len(list(filter(lambda v: v % 2 == 0, values)))',
  'ev = sum(v % 2 == 0 for v in values)',
  'ev = 0\nidx = 0\nwhile idx < len(values):\n    if values[idx] % 2 == 0:\n        ev = ev + 1\n    idx = idx + 1',
];
const spread = [
  'width = top - low',
  'width = abs(top - low)',
  'width = max(values) - min(values)',
  'ordered = sorted(values)\nwidth = ordered[-1] - ordered[0]',
  'width = 0\nfor a in values:\n    for b in values:\n        if a - b > width:\n            width = a - b',
];
const negatives = [
  'neg = sum(1 for v in values if v < 0)',
  'neg = len([v for v in values if v < 0])',
  'neg = 0\nfor v in values:\n    if v < 0:\n        neg += 1',
  'neg = len(values) - len([v for v in values if v >= 0])',
  'neg = 0\nfor v in sorted(values):\n    if v >= 0:\n        break\n    neg = neg + 1',
];

const shown: [string, string][] = [
  ['Max', 'top'],
  ['Min', 'low'],
  ['Mean', 'avg'],
  ['Even', 'ev'],
  ['Range', 'width'],
  ['Negative', 'neg'],
];
const output: (() => string)[] = [
  () => shown.map(([l, v]) => (l === 'Mean' ? `print(f"${l}: {${v}:.2f}")` : `print(f"${l}: {${v}}")`)).join('\n'),
  () => shown.map(([l, v]) => (l === 'Mean' ? `print("${l}:", round(${v}, 2))` : `print("${l}:", ${v})`)).join('\n'),
  () => shown.map(([l, v]) => `print("${l}: {}".format(${l === 'Mean' ? `round(${v}, 2)` : v}))`).join('\n'),
  () => shown.map(([l, v]) => (l === 'Mean' ? `print("${l}: %.2f" % ${v})` : `print("${l}: %d" % ${v})`)).join('\n'),
  () => `lines = [${shown.map(([l, v]) => `f"${l}: {${v}}"`).join(', ')}]\nprint("\\n".join(lines))`,
  () => `for label, value in (${shown.map(([l, v]) => `("${l}", ${v})`).join(', ')}):\n    print(label + ":", value)`,
];

const steps = [
  { ways: largest, fn: 'find_largest', out: 'top' },
  { ways: smallest, fn: 'find_smallest', out: 'low' },
  { ways: mean, fn: 'compute_mean', out: 'avg' },
  { ways: evens, fn: 'count_evens', out: 'ev' },
  { ways: negatives, fn: 'count_negatives', out: 'neg' },
];

const indent = (code: string, by = '    ') =>
  code
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

/** One student's own program. */
export function independentProgram(r: Rand): string {
  const helpers: string[] = [];
  const body: string[] = [r.pick(read)];
  const chk = r.pick(check);
  if (chk) body.push(chk);
  for (const step of steps) {
    const way = r.pick(step.ways);
    if (r.next() < 0.5) {
      helpers.push(`def ${step.fn}(values):\n${indent(way)}\n    return ${step.out}`);
      body.push(`${step.out} = ${step.fn}(values)`);
    } else body.push(way);
  }
  const w = r.pick(spread);
  if (w.includes('top - low')) body.push(w);
  else if (r.next() < 0.5) {
    helpers.push(`def spread_of(values):\n${indent(w)}\n    return width`);
    body.push('width = spread_of(values)');
  } else body.push(w);
  body.push(r.pick(output)());
  // Helpers in the student's own order.
  for (let i = helpers.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [helpers[i], helpers[j]] = [helpers[j]!, helpers[i]!];
  }
  const main = r.next() < 0.5 ? `def main():\n${indent(body.join('\n'))}\n\n\nif __name__ == "__main__":\n    main()` : body.join('\n');
  return [...helpers, main].join('\n\n\n') + '\n';
}

const names = [
  'values',
  'top',
  'low',
  'avg',
  'ev',
  'neg',
  'width',
  'total',
  'count',
  'part',
  'line',
  'raw',
  'piece',
  'ordered',
  'lines',
  'label',
  'value',
  'idx',
];
const fns = ['find_largest', 'find_smallest', 'compute_mean', 'count_evens', 'count_negatives', 'spread_of', 'main'];

/** A copy of `program` as a student hides it: names changed, helpers reordered, comments and spacing changed. */
export function disguisedCopy(program: string, r: Rand, n: number, moreNames: string[] = []): string {
  let code = program;
  [...names, ...fns, ...moreNames].forEach(
    (name, k) => (code = code.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name.slice(0, 3)}${k}_${n}`)),
  );
  // Helpers (top-level defs before the rest) in another order.
  const blocks = code.split('\n\n\n');
  const defs = blocks.filter((b) => b.startsWith('def ') && !b.includes('__main__'));
  if (defs.length > 1) {
    const rest = blocks.filter((b) => !defs.includes(b));
    defs.reverse();
    code = [...defs, ...rest].join('\n\n\n');
  }
  const lines = code.split('\n').flatMap((l) => {
    const roll = r.next();
    if (roll < 0.15 && l.trim()) return [`${l.match(/^\s*/)![0]}# step ${r.int(50)}: my own work`, l];
    if (roll < 0.25) return [l, ''];
    return [l.replace(/ = /g, ' =  ').replace(/, /g, ' , ')];
  });
  return `# Homework by student ${n}\n${lines.join('\n')}\n`;
}

/**
 * The class: `total` programs, of which `groups` originals have 1 to 3 disguised copies each; the rest are
 * independent. Returns the programs and the planted pairs (indices into programs).
 */
export function generateClass(total: number, seed = 30) {
  const r = random(seed);
  const programs: string[] = [];
  const planted: [number, number][] = [];
  const sizes = [...Array<number>(25).fill(1), ...Array<number>(10).fill(2), ...Array<number>(5).fill(3)];
  for (const copies of sizes) {
    const base = programs.length;
    programs.push(independentProgram(r));
    for (let c = 0; c < copies; c++) programs.push(disguisedCopy(programs[base]!, r, programs.length));
    const group = Array.from({ length: copies + 1 }, (_, i) => base + i);
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) planted.push([group[i]!, group[j]!]);
  }
  while (programs.length < total) programs.push(independentProgram(r));
  return { programs, planted };
}
