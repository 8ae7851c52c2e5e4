import type { Diagnostic } from '@learn/shared';

const LINE = /^([^:\n]+):(\d+):(\d+): (fatal error|error|warning|note): (.*)$/;

/**
 * Compiler messages with a position in the learner's file, from gcc/g++ text output. Messages about other
 * files (a system header) are kept out: their line numbers would point nowhere in the learner's code.
 */
export function parseDiagnostics(output: string, fileName: string): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const raw of output.split('\n')) {
    const m = LINE.exec(raw.trimEnd());
    if (!m || m[1] !== fileName) continue;
    const kind = m[4]!;
    result.push({
      line: Number(m[2]),
      column: Number(m[3]),
      severity: kind === 'fatal error' ? 'error' : (kind as Diagnostic['severity']),
      message: m[5]!,
    });
  }
  return result;
}

/** Shows the compiler's temporary files and the sandbox folder as the learner's names. */
export function tidyCompilerOutput(output: string, fileName: string): string {
  return output
    .replace(/\/tmp\/cc[\w]+\.o/g, fileName.replace(/\.\w+$/, '.o'))
    .replace(/\/work\//g, '')
    .replace(/\/usr\/bin\/ld: /g, 'linker: ');
}
