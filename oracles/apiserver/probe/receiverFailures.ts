// A webhook probe's verdict that is only the server's failure to call the suite's own receiver:
// the receiver always allows with a warning, so a call that failed (a reset connection, a review
// left unanswered) shows as `error 500` under failurePolicy Fail and as `noMatch` under Ignore
// (the failure is swallowed), neither of which is the subject's decision. Such queries are skipped.
import type { Answer } from "../../adapters/matcher.ts";
import type { ReceiverRecord } from "../controlPlane/webhookReceiver.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { webhookTag } from "./names.ts";

/** The skip's reason when the receiver knows it failed the probe's review. */
export const receiverFailed =
  "the suite's webhook receiver failed to answer the probe's review, so the server decided on its failure to call it";
/** The server called the receiver for the probe, yet the reply shows no answer of it. */
export const answerLost =
  "the server called the suite's webhook receiver for the probe, but the receiver's answer is not in the reply";
/** The server says it failed calling the webhook, which always answers when it can. */
export const callFailed = "the server failed calling the suite's webhook receiver, which always answers";
/** A connection no review is known for failed while the probes were sent. */
export const connectionDropped =
  "a connection to the suite's webhook receiver failed while the batch's probes were sent, and the probe's webhook may have been its caller";

/**
 * The answer to give instead of w's, if w's verdict may be the receiver's failure; `droppedMeanwhile`:
 * the receiver lost a connection it could not attribute while the probes were sent.
 */
export function receiverFailure(w: Work, record: ReceiverRecord, droppedMeanwhile: boolean): Answer | undefined {
  const kind = w.query.subject.kind;
  if (kind !== "ValidatingWebhook" && kind !== "MutatingWebhook") return undefined;
  if (w.answer.answer !== "outcome") return undefined;
  const outcome = w.answer.outcome;
  const tag = webhookTag(w.names);
  if (record.failed(tag)) return skipped(receiverFailed);
  // A match carries the receiver's own warning: its answer arrived whatever else happened.
  if (outcome.outcome === "match") return undefined;
  // The transport's error names the receiver's URL; a condition's or a selector's error does not.
  if (outcome.outcome === "error" && calledAt(outcome.message, tag)) return skipped(callFailed);
  if (record.reviewed(tag) > 0) return skipped(answerLost);
  return droppedMeanwhile ? skipped(connectionDropped) : undefined;
}

/** Whether a message names the receiver's URL for the tag (the server adds `?timeout=…`). */
const calledAt = (message: string, tag: string) =>
  message.includes(`/mc/${tag}?`) || message.includes(`/mc/${tag}"`) || message.includes(`/mc/${tag}\\"`);
