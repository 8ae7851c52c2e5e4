import { describe, expect, it } from 'vitest';
import { correctIsStrictlyLongest, quizBalanceProblems, type QuizRef } from './quiz-balance.js';

const q = (options: string[], correctAnswer: number, index = 0): QuizRef => ({
  file: `day-${index}.yaml`,
  index: 0,
  question: { question: 'Q?', options, correctAnswer },
});

describe('quiz balance', () => {
  it('spots a correct option that is strictly the longest, not one tied with a distractor', () => {
    expect(correctIsStrictlyLongest(q(['a', 'the long answer', 'b', 'c'], 1).question)).toBe(true);
    expect(correctIsStrictlyLongest(q(['abc', 'xyz', 'b', 'c'], 1).question)).toBe(false);
    expect(correctIsStrictlyLongest(q(['a much longer one', 'xyz', 'b', 'c'], 1).question)).toBe(false);
  });

  it('fails a course where the longest option gives the answer away and one position dominates', () => {
    const fixture = Array.from({ length: 8 }, (_, i) => q(['no', 'the right and long answer', 'nah', 'nope'], 1, i));
    const problems = quizBalanceProblems('C', fixture);
    expect(problems[0]).toMatch(/^C: the correct option is the strictly longest in 8 of 8 questions \(100 %/);
    expect(problems.some((p) => p.includes('option B is correct in 8 of 8'))).toBe(true);
    expect(problems.some((p) => p.includes('option A is correct in 0 of 8'))).toBe(true);
  });

  it('passes a course with even positions and the answer rarely the longest', () => {
    const opts = ['four', 'five!', 'sixsix', 'seven77'];
    const fixture = Array.from({ length: 8 }, (_, i) => q(opts, i % 4, i));
    // only the questions answered D (2 of 8 = 25 %) have the longest option correct
    expect(quizBalanceProblems('C', fixture)).toEqual([]);
  });
});
