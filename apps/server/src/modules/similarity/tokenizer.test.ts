import { describe, expect, it } from 'vitest';
import { grammarOf, type EngineLanguage } from './engine.js';
import { SourceTokenizer } from './tokenizer.js';

async function tokens(language: EngineLanguage, code: string) {
  return new SourceTokenizer(await grammarOf(language)).generateTokens(code);
}
const stream = async (language: EngineLanguage, code: string) => (await tokens(language, code)).map((t) => t.token).join(' ');

describe('SourceTokenizer: the syntax tree without names, comments and layout', () => {
  it.each([
    ['python', 'comparison and update operators', 'if a < b:\n    n += 1\n', 'if a > b:\n    n -= 1\n'],
    ['python', 'operators and a literal value', 'x = y % 2 == 0\n', 'x = y % 2 != 1\n'],
    ['python', 'a keyword', 'if x:\n    x = x // 2\n', 'while x:\n    x = x // 2\n'],
    ['c', 'a type', 'int f(int x) { return x * 2; }', 'double f(int x) { return x * 2; }'],
    [
      'c',
      'prefix and postfix',
      'void f(int n) { for (int i = 0; i < n; i++) g(i); }',
      'void f(int n) { for (int i = 0; i < n; ++i) g(i); }',
    ],
    ['cpp', 'a number', 'int main() { std::cout << 1 << std::endl; }', 'int main() { std::cout << 2 << std::endl; }'],
  ] as const)('%s: programs that differ only in %s differ', async (language, _, a, b) => {
    expect(await stream(language, a)).not.toBe(await stream(language, b));
  });

  it.each([
    ['python', 'total = count + 1\nprint("Sum:", total)\n', "# my own work\ns=n+1   # add one\nprint( 'Total:' ,s )\n"],
    ['c', 'int sum(int a, int b) { return a + b; }', '/* adds */\nint add(int x,\n        int y)\n{\n  return x + y; // done\n}'],
    ['cpp', 'auto v = std::vector<int>{1, 2};', 'auto values = std::vector<int>{ 1, 2 }; // two'],
  ] as const)('%s: names, comments, layout and what a string says are not tokens', async (language, a, b) => {
    expect(await stream(language, a)).toBe(await stream(language, b));
  });

  it('keeps each token where it is in the code (the side-by-side view highlights from it)', async () => {
    const code = 'values = [3, 1]\nif values[0] < values[1]:\n    print(values)\n';
    const all = await tokens('python', code);
    const less = all.find((t) => t.token === '"<"')!;
    expect(less.location).toMatchObject({ startRow: 1, startCol: 13, endRow: 1, endCol: 14 });
    const three = all.find((t) => t.token === 'integer 3')!;
    expect(three.location).toMatchObject({ startRow: 0, startCol: 10, endRow: 0, endCol: 11 });
    // Names (`values` four times, `print`) are still tokens, as their type only.
    expect(all.filter((t) => t.token === 'identifier')).toHaveLength(5);
    expect(all.some((t) => t.token.includes('values'))).toBe(false);
  });
});
