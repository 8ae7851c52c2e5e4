/**
 * Source checks: a construct a task requires or forbids, found by a regular expression on the learner's code
 * with its comments and string/character literals blanked out (so `// malloc` or `"malloc"` do not count).
 */
export type Lang = 'c' | 'cpp' | 'python';

export interface SourceCheck {
  /** JavaScript regular expression (no flags; multiline `m` is applied) matched against the stripped code. */
  pattern: string;
  /** require: the code must contain it; forbid: the code must not. */
  mode: 'require' | 'forbid';
  /** What the learner reads when the check fails. */
  message: string;
}

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/**
 * The inside of a Python f-string: its text blanked, its `{expressions}` kept (they are code: a check that
 * requires `gcd` must see `f"{math.gcd(a, b)}"`). `{{` and `}}` are literal braces.
 */
function fstringInside(body: string): string {
  let out = '';
  let depth = 0;
  for (let k = 0; k < body.length; k++) {
    const ch = body[k]!;
    if (depth === 0) {
      if ((ch === '{' || ch === '}') && body[k + 1] === ch) {
        out += '  ';
        k++;
      } else if (ch === '{') {
        depth = 1;
        out += ch;
      } else out += blank(ch);
    } else {
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      out += ch;
    }
  }
  return out;
}

/** Whether the quote at `i` opens a Python f-string (prefix f, rf, fr, in any case). */
const isFString = (code: string, i: number) => /(?:^|[^\w])[rR]?[fF][rR]?$/.test(code.slice(Math.max(0, i - 3), i));

/** Replaces comments and the inside of string and character literals with spaces, keeping line structure. */
export function stripCode(code: string, lang: Lang): string {
  let out = '';
  let i = 0;
  const n = code.length;
  while (i < n) {
    const c = code[i]!;
    const two = code.slice(i, i + 2);
    if (lang !== 'python' && two === '//') {
      const end = code.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out += blank(code.slice(i, stop));
      i = stop;
    } else if (lang !== 'python' && two === '/*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += blank(code.slice(i, stop));
      i = stop;
    } else if (lang === 'python' && c === '#') {
      const end = code.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out += blank(code.slice(i, stop));
      i = stop;
    } else if (lang === 'python' && (code.startsWith('"""', i) || code.startsWith("'''", i))) {
      const q = code.slice(i, i + 3);
      const end = code.indexOf(q, i + 3);
      const stop = end < 0 ? n : end + 3;
      const inside = code.slice(i + 3, stop - 3);
      out += q + (isFString(code, i) ? fstringInside(inside) : blank(inside)) + q;
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      const stop = Math.min(n, j + 1);
      const inside = code.slice(i + 1, stop - 1);
      out += c + (lang === 'python' && isFString(code, i) ? fstringInside(inside) : blank(inside)) + (stop - 1 > i ? code[stop - 1] : '');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The messages of the checks the code fails (empty when it passes them all). */
export function sourceCheckFailures(code: string, lang: Lang, checks: readonly SourceCheck[] | undefined): string[] {
  if (!checks?.length) return [];
  const stripped = stripCode(code, lang);
  return checks.filter((c) => new RegExp(c.pattern, 'm').test(stripped) !== (c.mode === 'require')).map((c) => c.message);
}

/**
 * The program the tests run. Without a harness: the learner's code. With one, the harness calls the learner's
 * functions: C/C++ compile the learner's code with its main renamed to learner_main (line numbers kept) and the
 * harness after it; Python runs the learner's code as the module `learner` with `__name__ != "__main__"`
 * (so a `if __name__ == "__main__":` block does not run), then the harness, which sees that module as `learner`.
 */
export function assembleProgram(code: string, lang: Lang, harness: string | undefined): string {
  if (!harness) return code;
  if (lang === 'python')
    return [
      'import sys as _sys, types as _types',
      'learner = _types.ModuleType("learner")',
      '_sys.modules["learner"] = learner',
      `exec(compile(${JSON.stringify(code)}, "main.py", "exec"), learner.__dict__)`,
      harness,
    ].join('\n');
  const file = lang === 'c' ? 'main.c' : 'main.cpp';
  return `#define main learner_main\n#line 1 "${file}"\n${code}\n#undef main\n#line 1 "harness"\n${harness}`;
}
