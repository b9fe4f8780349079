// An implementation's words are bounded before the runner keeps them: a child answering distinct
// 50 KB skip messages would otherwise grow the runner to gigabytes and its reports to tens of MB.
import type { Answer } from "./matcher.ts";

/** Characters kept of a `skipped` or `errored` message, or of a broken answer's description. */
export const maxMessageChars = 1000;
/** Characters kept of an `errored` answer's detail. */
export const maxDetailChars = 4000;

export function boundedAnswer(a: Answer): Answer {
  switch (a.answer) {
    case "outcome":
      return a.outcome.outcome === "error" || a.outcome.outcome === "invalid"
        ? { answer: "outcome", outcome: { ...a.outcome, message: cut(a.outcome.message, maxMessageChars) } }
        : a;
    case "skipped":
      return {
        ...a,
        message: cut(a.message, maxMessageChars),
        ...(a.issue !== undefined && { issue: cut(a.issue, 200) }),
      };
    case "errored":
      return {
        ...a,
        message: cut(a.message, maxMessageChars),
        ...(a.detail !== undefined && { detail: cut(a.detail, maxDetailChars) }),
      };
    case "broken":
      return { ...a, message: cut(a.message, maxMessageChars) };
  }
}

/** The text, or its first `max` characters and how many were cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters cut)`;
}
