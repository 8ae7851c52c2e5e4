import { describe, expect, it } from 'vitest';
import { leadingIncludes, unPch } from './pch.js';
import { Runner } from './runner.js';

describe('precompiled headers', () => {
  it('take the leading block of standard includes, comments blanked and line count kept', () => {
    expect(leadingIncludes('// my program\n#include <iostream>\n\n#include <vector> // lists\nint main(){}\n')).toBe(
      '\n#include <iostream>\n\n#include <vector>\n',
    );
    expect(leadingIncludes('/* a\n b */\n#include <string>\nusing namespace std;\n')).toBe('\n\n#include <string>\n');
    // Something else first, a local header, or no include at all: a plain compile.
    expect(leadingIncludes('#define N 5\n#include <iostream>\n')).toBeNull();
    expect(leadingIncludes('#include "mine.h"\n')).toBeNull();
    expect(leadingIncludes('int main(){}\n')).toBeNull();
  });

  it("name the learner's file and include line in the compiler's text", () => {
    const out = 'In file included from /usr/include/c++/12/vector:64,\n                 from learn.hpp:2:\nmain.cpp:3:5: error: x';
    expect(unPch(out, 'main.cpp')).toBe(
      'In file included from /usr/include/c++/12/vector:64,\n                 from main.cpp:2:\nmain.cpp:3:5: error: x',
    );
  });

  it('give the same diagnostics and output as a plain compile, and a forgotten include is still an error', async () => {
    const withPch = new Runner();
    const plain = new Runner({ precompiledHeaders: false });
    const programs = [
      '#include <iostream>\n#include <vector>\nint main(){ std::vector<int> v; v.push_back("x"); }\n',
      '#include <iostream>\nint main(){ std::vector<int> v{1}; std::cout << v.size(); }\n',
      '// hello\n#include <iostream>\n#include <string>\nint main(){ std::string s = "hi"; std::cout << s << "\\n"; }\n',
    ];
    for (const code of programs) {
      const [a, b] = await Promise.all([withPch.runProgram({ language: 'cpp', code }), plain.runProgram({ language: 'cpp', code })]);
      expect(a.compile!.ok).toBe(b.compile!.ok);
      expect(a.compile!.diagnostics).toEqual(b.compile!.diagnostics);
      expect(a.compile!.output).toBe(b.compile!.output);
      expect(a.run?.stdout).toBe(b.run?.stdout);
    }
    const missing = await withPch.runProgram({ language: 'cpp', code: programs[1]! });
    expect(missing.compile!.diagnostics[0]!.message).toMatch(/vector/);
  });
});
