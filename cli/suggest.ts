// "did you mean --implementation?": the closest known word to a mistyped one, if it is close.

/** Edits (insert, delete, replace, swap two neighbours) from a to b. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

/** The known word nearest to `word`, when a third of it or less (at least 2 edits) is wrong. */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const k of known) {
    const distance = k.startsWith(word) && word.length >= 3 ? 1 : editDistance(word, k);
    if (distance < bestDistance) [best, bestDistance] = [k, distance];
  }
  return best;
}

export function didYouMean(word: string, known: readonly string[], prefix = ""): string {
  const c = closest(word, known);
  return c === undefined ? "" : `; did you mean ${prefix}${c}?`;
}
