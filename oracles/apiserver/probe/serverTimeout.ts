// A verdict that is the server's own timeout, not its decision: a loaded server's request to
// itself (a param read from the API when its informer lacks it, `getParamDirectly`; an
// authorizer's or a webhook's call) that runs out of time fails the request with the timeout's
// message, which no case's expected outcome states. Seen at load 30 on the corpus case
// params.byName: `failed to configure binding: Get ".../configmaps/settings": context deadline exceeded`.
import type { Answer } from "../../adapters/matcher.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";

export const serverTimeout =
  "the server ran out of time on its own request, so its answer is the timeout, not a decision";

const timeoutMarks = [
  "context deadline exceeded",
  "Timeout: request did not complete within",
  "the server was unable to return a response in the time allotted",
];

/** The skip to answer instead of w's error, if that error is a timeout. */
export function serverTimedOut(w: Pick<Work, "answer">): Answer | undefined {
  const a = w.answer;
  if (a.answer !== "outcome" || a.outcome.outcome !== "error") return undefined;
  const message = a.outcome.message;
  return timeoutMarks.some((m) => message.includes(m)) ? skipped(serverTimeout) : undefined;
}
