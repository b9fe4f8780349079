// Why the server was not asked, tallied by reason: a skip's message with what varies from query to
// query (quoted names, the details after the first colon) left out, so that one reason is one line.

/** The reason of a skip's message: double-quoted parts elided (single quotes are apostrophes too), cut at the first ": ". */
export function skipReason(message: string): string {
  const elided = message.replace(/"[^"]*"/g, '"…"');
  const cut = elided.indexOf(": ");
  return (cut < 0 ? elided : elided.slice(0, cut)).slice(0, 120);
}

/** The tally as lines, largest first: `<count> (<share of all queries>) <reason>`, at most `top`, the rest summed. */
export function skipLines(tally: Readonly<Record<string, number>>, queries: number, top = 8): string[] {
  const sorted = Object.entries(tally).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const share = (n: number) => (queries > 0 ? `${((100 * n) / queries).toFixed(1)} %` : "-");
  const lines = sorted.slice(0, top).map(([why, n]) => `${n} (${share(n)}) ${why}`);
  const rest = sorted.slice(top).reduce((a, [, n]) => a + n, 0);
  if (rest > 0) lines.push(`${rest} (${share(rest)}) for ${sorted.length - top} other reasons`);
  return lines;
}
