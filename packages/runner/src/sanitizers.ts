/**
 * AddressSanitizer and UndefinedBehaviorSanitizer: the flags that build a C or C++ program with both (any
 * finding stops the program), and the learner-facing sentence for a finding in the program's stderr. Used by
 * the content check on every reference solution and, with AUTOGRADE_SANITIZERS=true, by the autograder.
 */
export const SANITIZER_FLAGS = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-g'];

const UB = /(?:^|\/)(main\.(?:c|cpp)):(\d+):\d+: runtime error: (.+)$/m;
const ASAN = /ERROR: AddressSanitizer: ([\w-]+)/;
const ASAN_FRAME = /#\d+ 0x[0-9a-f]+ in \S+ (?:\/work\/)?main\.(?:c|cpp):(\d+)/;

/** What the sanitizer found, in one sentence with the learner's line, or null when stderr holds no finding. */
export function sanitizerFinding(stderr: string): string | null {
  const ub = UB.exec(stderr);
  if (ub) return `Undefined behaviour at line ${ub[2]}: ${ub[3]!.trim()}.`;
  const asan = ASAN.exec(stderr);
  if (asan) {
    const frame = ASAN_FRAME.exec(stderr);
    return `Memory error${frame ? ` at line ${frame[1]}` : ''}: ${asan[1]} (reading or writing memory the program does not own).`;
  }
  return null;
}
