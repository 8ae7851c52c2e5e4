import { describe, expect, it } from 'vitest';
import { moveQuestion } from './questions';

describe('moveQuestion', () => {
  it('swaps a question with the one above or below, leaving the input list as it was', () => {
    const list = ['a', 'b', 'c'];
    expect(moveQuestion(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveQuestion(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
