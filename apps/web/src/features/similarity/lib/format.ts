/** 0.8734 -> "87%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "Ana", "Ana and Ben", "Ana, Ben and Cid". */
export function names(list: string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
