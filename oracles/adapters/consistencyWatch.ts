// Wraps any Matcher and compares what it answers when the same query is asked again: the runner
// asks again on its own (a reduction's last move, a probe's both sides, a query two phases draw),
// and an implementation that answers one query two ways (a counter, Math.random, a flipping child)
// makes every divergence it shows a matter of chance. A run reports that as its own finding, about
// the implementation, never as a cause of divergence (suites/run/run.ts).
import type { Query } from "../contract/query.ts";
import type { Answer, Matcher } from "./matcher.ts";
import { declaredBy } from "./matcher.ts";
import { queryKey, sameVerdict } from "./recordingMatcher.ts";

/** One query answered two ways: the first answer seen, and the first that contradicts it. */
export interface Inconsistency {
  readonly query: Query;
  readonly first: Answer;
  readonly second: Answer;
}

export interface WatchedMatcher extends Matcher {
  /** Queries answered two ways, counted once each. */
  inconsistentQueries(): number;
  /** The first few of them, in the order they were found. */
  inconsistencies(): readonly Inconsistency[];
}

/** Examples kept: enough to show it is not one odd query, few enough for a report. */
const kept = 5;

/**
 * Only outcomes are compared (messages aside): a skip, an error or a broken answer may be the
 * machine's (a restart, the load, a server's failed set-up), not a second decision.
 */
function decision(a: Answer): Extract<Answer, { answer: "outcome" }> | undefined {
  return a.answer === "outcome" ? a : undefined;
}

export function watchConsistency(inner: Matcher): WatchedMatcher {
  const firsts = new Map<string, Extract<Answer, { answer: "outcome" }>>();
  const contradicted = new Set<string>();
  const found: Inconsistency[] = [];
  const health = inner.health;
  const compare = (query: Query, a: Answer) => {
    const d = decision(a);
    if (d === undefined) return;
    // The minor is part of the question: an implementation may decide differently per minor.
    const key = `${query.kubernetesVersion} ${queryKey(query)}`;
    const first = firsts.get(key);
    if (first === undefined) firsts.set(key, d);
    else if (!sameVerdict(first.outcome, d.outcome) && !contradicted.has(key)) {
      contradicted.add(key);
      if (found.length < kept) found.push({ query, first, second: d });
    }
  };
  return {
    ...declaredBy(inner),
    match: async (query) => {
      const a = await inner.match(query);
      compare(query, a);
      return a;
    },
    close: () => inner.close(),
    ...(health && { health: () => health.call(inner) }),
    inconsistentQueries: () => contradicted.size,
    inconsistencies: () => found,
  };
}
