import { describe, expect, it } from 'vitest';
import { sanitizerFinding } from './sanitizers.js';

describe('sanitizerFinding', () => {
  it('turns a UBSan report into one sentence with the line', () => {
    expect(
      sanitizerFinding("main.cpp:12:20: runtime error: signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'\n"),
    ).toBe("Undefined behaviour at line 12: signed integer overflow: 2147483647 * 2 cannot be represented in type 'int'.");
  });

  it('turns an ASan report into the kind and the first line in the learner file', () => {
    const report = [
      '==12==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x60200000001c at pc 0x5555',
      'WRITE of size 4 at 0x60200000001c thread T0',
      '    #0 0x55555555 in main /work/main.c:5',
      '    #1 0x7ffff in __libc_start_main',
    ].join('\n');
    expect(sanitizerFinding(report)).toBe(
      'Memory error at line 5: heap-buffer-overflow (reading or writing memory the program does not own).',
    );
  });

  it('finds nothing in ordinary stderr', () => {
    expect(sanitizerFinding('Traceback (most recent call last):\nValueError\n')).toBeNull();
    expect(sanitizerFinding('')).toBeNull();
  });
});
