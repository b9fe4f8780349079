// Writes queries and the outcomes observed for them as a case file (format v1) that `replay` reads.
import { dump } from "js-yaml";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";
import type { Query } from "../oracles/contract/query.ts";

export interface Observation {
  readonly description: string;
  readonly source?: string;
  readonly query: Query;
  /** What the test expects: usually the reference's outcome, or what was observed. */
  readonly outcome: Outcome;
  /** Words the expected message must hold (error and invalid): a divergence of the message alone. */
  readonly contains?: string | undefined;
}

export function toExpected(o: Outcome, contains?: string): Expected {
  switch (o.outcome) {
    case "match":
      return {
        outcome: "match",
        ...(o.matchedResource && { matchedResource: o.matchedResource }),
        ...(o.matchedKind && { matchedKind: o.matchedKind }),
        ...(o.params && { params: o.params }),
      };
    case "noMatch":
      return { outcome: "noMatch" };
    case "error":
      return { outcome: "error", code: o.code, ...(contains !== undefined && { contains }) };
    case "invalid":
      return { outcome: "invalid", ...(contains !== undefined && { contains }) };
  }
}

/** At most `max` characters, cut at a word with "…". */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}

/** One case per observation, so that each keeps its own subject and minor. */
export function toCaseFile(observations: readonly Observation[]): string {
  const cases = observations.map((o) => ({
    description: shortened(o.description, 150),
    ...(o.source && { source: o.source }),
    kubernetesVersions: o.query.kubernetesVersion,
    subject: o.query.subject,
    cluster: o.query.cluster,
    tests: [{ description: "the request", request: o.query.request, expected: toExpected(o.outcome, o.contains) }],
  }));
  return dump(cases, { noRefs: true, lineWidth: 140 });
}
