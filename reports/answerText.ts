// One line for an implementation's answer or an expectation, shared by every report format.
import type { Answer } from "../oracles/adapters/matcher.ts";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";
import { formatExpected, formatOutcome } from "./replayText.ts";

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
