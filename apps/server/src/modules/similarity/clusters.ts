/**
 * Groups of students linked by flagged pairs (connected components): when three students share one
 * program, the guide sees one group of three, not three pairs to piece together.
 */
export function clustersOf(pairs: { left: string; right: string; similarity: number }[]): { members: string[]; maxSimilarity: number }[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let n = x;
    while (parent.get(n) !== n) {
      const up = parent.get(n)!;
      parent.set(n, parent.get(up)!); // path halving
      n = up;
    }
    return n;
  };
  for (const p of pairs) {
    for (const s of [p.left, p.right]) if (!parent.has(s)) parent.set(s, s);
    const [a, b] = [find(p.left), find(p.right)];
    if (a !== b) parent.set(a, b);
  }
  const groups = new Map<string, { members: string[]; maxSimilarity: number }>();
  for (const s of parent.keys()) {
    const root = find(s);
    const g = groups.get(root) ?? { members: [], maxSimilarity: 0 };
    g.members.push(s);
    groups.set(root, g);
  }
  for (const p of pairs) {
    const g = groups.get(find(p.left))!;
    g.maxSimilarity = Math.max(g.maxSimilarity, p.similarity);
  }
  return [...groups.values()]
    .filter((g) => g.members.length > 2)
    .sort((a, b) => b.members.length - a.members.length || b.maxSimilarity - a.maxSimilarity);
}
