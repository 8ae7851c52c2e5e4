/** '1 question', '4 questions': a number with its noun, singular when it is one. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
