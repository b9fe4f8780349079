// Wraps any Matcher and remembers what it decided: each distinct query with the outcome it got,
// so that a server's own verdicts can be written as case files (reports/recordedVerdicts.ts).
// Only outcomes are kept; skipped, errored and broken answers are counted, never recorded.
import { createHash } from "node:crypto";
import type { Outcome } from "../contract/outcome.ts";
import type { Query } from "../contract/query.ts";
import type { Answer, Matcher } from "./matcher.ts";
import { declaredBy } from "./matcher.ts";

export interface Verdict {
  /** The content hash of the query without its minor: the same query has the same key at every minor. */
  readonly key: string;
  readonly query: Query;
  readonly outcome: Outcome;
}

export interface RecordingCounts {
  /** Outcome answers, repeats included. */
  outcomes: number;
  /** Queries answered again with an outcome that agrees with the recorded one. */
  repeated: number;
  /** Queries answered again with an outcome that does not: the first one stays recorded. */
  conflicting: number;
  skipped: number;
  errored: number;
  broken: number;
}

export interface RecordingMatcher extends Matcher {
  readonly counts: Readonly<RecordingCounts>;
  /** The recorded verdicts, in key order. */
  verdicts(): readonly Verdict[];
}

export function recordingMatcher(inner: Matcher): RecordingMatcher {
  const recorded = new Map<string, Verdict>();
  const counts: RecordingCounts = { outcomes: 0, repeated: 0, conflicting: 0, skipped: 0, errored: 0, broken: 0 };
  const remember = (query: Query, a: Answer) => {
    if (a.answer !== "outcome") {
      counts[a.answer]++;
      return;
    }
    counts.outcomes++;
    const key = queryKey(query);
    const seen = recorded.get(key);
    if (seen === undefined) recorded.set(key, { key, query, outcome: a.outcome });
    else if (sameVerdict(seen.outcome, a.outcome)) counts.repeated++;
    else counts.conflicting++;
  };
  return {
    ...declaredBy(inner),
    counts,
    match: async (query) => {
      const a = await inner.match(query);
      remember(query, a);
      return a;
    },
    close: () => inner.close(),
    verdicts: () => [...recorded.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

/** sha256 of the query's subject, cluster and request as canonical JSON (object keys sorted). */
export function queryKey(q: Query): string {
  const { kubernetesVersion: _, ...rest } = q;
  return createHash("sha256")
    .update(JSON.stringify(sortedKeys(rest)))
    .digest("hex");
}

/** Two outcomes record the same verdict when a case file would say the same of them (messages aside). */
export function sameVerdict(a: Outcome, b: Outcome): boolean {
  return JSON.stringify(sortedKeys(withoutMessage(a))) === JSON.stringify(sortedKeys(withoutMessage(b)));
}

function withoutMessage(o: Outcome): unknown {
  if (o.outcome === "error" || o.outcome === "invalid") {
    const { message: _, ...rest } = o;
    return rest;
  }
  return o;
}

/** A JSON copy with every object's keys in code-point order; array order is kept (it can matter). */
export function sortedKeys(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(sortedKeys);
  if (x === null || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x).sort()) {
    const v = (x as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = sortedKeys(v);
  }
  return out;
}
