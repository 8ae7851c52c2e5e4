/**
 * A second class for the similarity benchmark (BENCH_CLASS=approaches): the same task, but each independent
 * student takes one of the approaches a class takes (builtins, one pass, sort first, a helper per figure,
 * while loops, reduce and filter) and writes it with habits of their own (loop variable, `+= 1` or not,
 * how "even" is tested, items or indices, statement order, a main() or not, how the output is printed).
 * Choices are correlated as in a class (a builtins student uses builtins throughout), where
 * similarity-programs.ts draws every step on its own. Planted copies are made the same way.
 */
import { disguisedCopy, random } from './similarity-programs.js';

type Rand = ReturnType<typeof random>;

/**
 * A student's habits, drawn once: the small choices that make two people's code of one idea differ
 * (the loop variable, `+= 1` or `= x + 1`, how "even" is tested, a for over the items or over indices).
 */
function habits(r: Rand) {
  const v = r.pick(['v', 'x', 'n', 'num', 'item']);
  const even = r.pick([(a: string) => `${a} % 2 == 0`, (a: string) => `not ${a} % 2`, (a: string) => `${a} % 2 != 1`]);
  const neg = r.pick([(a: string) => `${a} < 0`, (a: string) => `0 > ${a}`, (a: string) => `${a} <= -1`]);
  const inc = r.pick([(x: string) => `${x} += 1`, (x: string) => `${x} = ${x} + 1`]);
  const add = r.pick([(x: string, a: string) => `${x} += ${a}`, (x: string, a: string) => `${x} = ${x} + ${a}`]);
  /** A for loop over the values: `head` and the name of the current item inside. */
  const loop = r.pick([
    () => ({ head: `for ${v} in values:`, pre: '' }),
    () => ({ head: 'for i in range(len(values)):', pre: `${v} = values[i]\n` }),
  ])();
  /** How the builtins-minded count what matches a condition. */
  const count = r.pick([
    (c: string) => `sum(1 for ${v} in values if ${c})`,
    (c: string) => `len([${v} for ${v} in values if ${c}])`,
    (c: string) => `len(list(filter(lambda ${v}: ${c}, values)))`,
  ]);
  const mean = r.pick(['sum(values) / len(values)', 'statistics.mean(values)', 'float(sum(values)) / len(values)']);
  /** Whether a loop that visits every value also sums it, or the mean comes from a builtin after. */
  const sumInLoop = r.next() < 0.6;
  return { v, even: even(v), neg: neg(v), inc, add, loop, count, mean, sumInLoop, r };
}
type Habits = ReturnType<typeof habits>;

const block = (lines: string[]) => lines.filter(Boolean).join('\n');

/** The approaches of a real class, each a list of statements in the student's order where order is free. */
const approaches: ((h: Habits) => string[])[] = [
  // Builtins: max, min, sum and a counting expression each.
  (h) =>
    shuffle(h.r, [
      'top = max(values)',
      'low = min(values)',
      `avg = ${h.mean}`,
      `ev = ${h.count(h.even)}`,
      `neg = ${h.count(h.neg)}`,
    ]).concat(h.r.pick(['width = top - low', 'width = max(values) - min(values)'])),
  // One pass: every figure updated in a single loop.
  (h) => [
    h.r.pick(['top = low = values[0]', 'top = values[0]\nlow = values[0]', 'top = float("-inf")\nlow = float("inf")']),
    block(shuffle(h.r, ['total = 0', 'ev = 0', 'neg = 0'])),
    h.loop.head +
      '\n' +
      indent(
        block([
          h.loop.pre.trimEnd(),
          ...shuffle(h.r, [
            h.r.pick([
              `if ${h.v} > top:\n    top = ${h.v}\nif ${h.v} < low:\n    low = ${h.v}`,
              `if ${h.v} > top:\n    top = ${h.v}\nelif ${h.v} < low:\n    low = ${h.v}`,
              `top = max(top, ${h.v})\nlow = min(low, ${h.v})`,
            ]),
            h.sumInLoop ? h.add('total', h.v) : '',
            h.r.pick([`if ${h.even}:\n    ${h.inc('ev')}`, `ev += ${h.v} % 2 == 0`]),
            h.r.pick([`if ${h.neg}:\n    ${h.inc('neg')}`, `neg += ${h.v} < 0`]),
          ]),
        ]),
      ),
    h.sumInLoop ? 'avg = total / len(values)' : `avg = ${h.mean}`,
    'width = top - low',
  ],
  // Sort first: the ends of the sorted list, the negatives at its start.
  (h) => [
    h.r.pick(['ordered = sorted(values)', 'ordered = list(values)\nordered.sort()']),
    block(shuffle(h.r, ['low = ordered[0]', h.r.pick(['top = ordered[-1]', 'top = ordered[len(ordered) - 1]'])])),
    'width = top - low',
    `avg = ${h.mean}`,
    h.r.pick([
      `neg = 0\nwhile neg < len(ordered) and ordered[neg] < 0:\n    ${h.inc('neg')}`,
      `neg = 0\nfor ${h.v} in ordered:\n    if ${h.v} >= 0:\n        break\n    ${h.inc('neg')}`,
    ]),
    `ev = ${h.count(h.even)}`,
  ],
  // A helper per figure, each a loop of its own.
  (h) => {
    const helpers = shuffle(h.r, [
      `def find_largest(values):\n    best = values[0]\n${indent(`${h.loop.head}\n${indent(`${h.loop.pre}if ${h.v} > best:\n    best = ${h.v}`)}`)}\n    return best`,
      `def find_smallest(values):\n    best = values[0]\n${indent(`${h.loop.head}\n${indent(`${h.loop.pre}if ${h.v} < best:\n    best = ${h.v}`)}`)}\n    return best`,
      `def compute_mean(values):\n    total = 0\n${indent(`${h.loop.head}\n${indent(`${h.loop.pre}${h.add('total', h.v)}`)}`)}\n    return total / len(values)`,
      `def count_if(values, even):\n    found = 0\n${indent(`${h.loop.head}\n${indent(`${h.loop.pre}if (${h.even}) if even else (${h.neg}):\n    ${h.inc('found')}`)}`)}\n    return found`,
    ]);
    return [
      ...helpers,
      block(
        shuffle(h.r, [
          'top = find_largest(values)',
          'low = find_smallest(values)',
          'avg = compute_mean(values)',
          'ev = count_if(values, True)',
          'neg = count_if(values, False)',
        ]),
      ),
      'width = top - low',
    ];
  },
  // Index loops with while, as taught before for (the ends by builtins for some).
  (h) => {
    const ends = h.r.next() < 0.5;
    return [
      block(
        shuffle(h.r, [
          ...(ends ? ['top = max(values)', 'low = min(values)'] : ['top = values[0]', 'low = values[0]']),
          'total = 0',
          'ev = 0',
          'neg = 0',
        ]),
      ),
      'i = 0',
      `while i < len(values):\n${indent(
        block([
          ...shuffle(h.r, [
            ends
              ? ''
              : h.r.pick([
                  'if values[i] > top:\n    top = values[i]\nif values[i] < low:\n    low = values[i]',
                  'if values[i] > top:\n    top = values[i]\nelif values[i] < low:\n    low = values[i]',
                ]),
            h.add('total', 'values[i]'),
            `if ${h.even.replaceAll(h.v, 'values[i]')}:\n    ${h.inc('ev')}`,
            `if ${h.neg.replaceAll(h.v, 'values[i]')}:\n    ${h.inc('neg')}`,
          ]),
          h.inc('i'),
        ]),
      )}`,
      h.r.pick(['avg = total / len(values)', 'avg = total / i']),
      'width = top - low',
    ];
  },
  // Functional: reduce and filter with lambdas.
  (h) => [
    'from functools import reduce',
    block(
      shuffle(h.r, [
        h.r.pick(['top = reduce(lambda a, b: a if a > b else b, values)', 'top = reduce(max, values)']),
        h.r.pick(['low = reduce(lambda a, b: a if a < b else b, values)', 'low = reduce(min, values)']),
        `avg = reduce(lambda a, b: a + b, values) / len(values)`,
        `ev = len(list(filter(lambda ${h.v}: ${h.even}, values)))`,
        `neg = len(list(filter(lambda ${h.v}: ${h.neg}, values)))`,
      ]),
    ),
    'width = top - low',
  ],
];

const read = [
  'values = list(map(int, input().split()))',
  'values = [int(x) for x in input().split()]',
  'values = []\nfor part in input().split():\n    values.append(int(part))',
  'import sys\nvalues = [int(t) for t in sys.stdin.read().split()]',
];
const check = [
  '',
  'if not values:\n    print("No numbers")\n    raise SystemExit(0)',
  'if len(values) == 0:\n    print("No numbers")\n    exit()',
];

/** The output the task prescribes (six labelled lines), in the ways students print it. */
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
  () => `for label, value in (${shown.map(([l, v]) => `("${l}", ${v})`).join(', ')}):\n    print(label + ":", value)`,
];

function shuffle<T>(r: Rand, xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const indent = (code: string, by = '    ') =>
  code
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

/** One student's own program: one of the class's approaches, written with the student's own habits. */
export function independentProgram(r: Rand): string {
  const h = habits(r);
  const parts = r.pick(approaches)(h);
  const helpers = parts.filter((p) => p.startsWith('def '));
  const body = [r.pick(read), r.pick(check), ...parts.filter((p) => !p.startsWith('def ')), r.pick(output)()].filter(Boolean);
  if (h.mean.startsWith('statistics') && body.some((b) => b.includes('statistics.'))) body.unshift('import statistics');
  const main = r.next() < 0.5 ? `def main():\n${indent(body.join('\n'))}\n\n\nif __name__ == "__main__":\n    main()` : body.join('\n');
  return [...helpers, main].join('\n\n\n') + '\n';
}

/** The class: as generateClass in similarity-programs.ts, with approach-based independent programs. */
export function generateApproachClass(total: number, seed = 30) {
  const r = random(seed);
  const programs: string[] = [];
  const planted: [number, number][] = [];
  const sizes = [...Array<number>(25).fill(1), ...Array<number>(10).fill(2), ...Array<number>(5).fill(3)];
  for (const copies of sizes) {
    const base = programs.length;
    programs.push(independentProgram(r));
    for (let c = 0; c < copies; c++)
      programs.push(disguisedCopy(programs[base]!, r, programs.length, ['best', 'found', 'item', 'num', 'count_if']));
    const group = Array.from({ length: copies + 1 }, (_, i) => base + i);
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) planted.push([group[i]!, group[j]!]);
  }
  while (programs.length < total) programs.push(independentProgram(r));
  return { programs, planted };
}
