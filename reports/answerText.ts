// One line for an implementation's answer or an expectation, shared by every report format.
import type { Answer } from "../oracles/adapters/matcher.ts";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";

export function formatAnswer(a: Answer): string {
  switch (a.answer) {
    case "outcome":
      return formatOutcome(a.outcome);
    case "skipped":
      return `skipped: ${a.message}${a.issue ? ` (${a.issue})` : ""}`;
    case "errored":
      return `errored: ${a.message}`;
    case "broken":
      return `${a.problem}: ${a.message}`;
  }
}

export function formatReference(e: Expected | Outcome): string {
  return "message" in e ? formatOutcome(e as Outcome) : formatExpected(e as Expected);
}

/** An expectation: an error or invalid one says what its message must contain, if anything. */
export function formatExpected(e: Expected): string {
  switch (e.outcome) {
    case "match":
      return formatMatch(e);
    case "noMatch":
      return "noMatch";
    case "error":
      return `error ${e.code}${e.contains === undefined ? "" : ` containing ${JSON.stringify(e.contains)}`}`;
    case "invalid":
      return `invalid${e.contains === undefined ? "" : ` containing ${JSON.stringify(e.contains)}`}`;
  }
}

/** An outcome: an error or invalid one says its message. */
export function formatOutcome(o: Outcome): string {
  switch (o.outcome) {
    case "match":
      return formatMatch(o);
    case "noMatch":
      return "noMatch";
    case "error":
      return `error ${o.code}: ${o.message}`;
    case "invalid":
      return `invalid: ${o.message}`;
  }
}

/** A match reads alike expected or answered: what it matched as, and the params it was given. */
function formatMatch(m: Extract<Expected | Outcome, { outcome: "match" }>): string {
  return [
    "match",
    m.matchedResource && `resource ${gvr(m.matchedResource)}`,
    m.matchedKind && `kind ${gvk(m.matchedKind)}`,
    m.params && `params [${m.params.join(", ")}]`,
  ]
    .filter(Boolean)
    .join(", ");
}

const gvr = (r: { group: string; version: string; resource: string }) =>
  `${r.group || "core"}/${r.version}/${r.resource}`;
const gvk = (k: { group: string; version: string; kind: string }) => `${k.group || "core"}/${k.version} ${k.kind}`;
