// Which webhook verdicts are the receiver's failure rather than the server's decision, and which
// errors are the server's own timeout: each rule on the replies it must skip and those it must keep.
import { describe, expect, it } from "vitest";
import type { Answer } from "../../adapters/matcher.ts";
import type { ReceiverRecord } from "../controlPlane/webhookReceiver.ts";
import type { Work } from "../work.ts";
import { answerLost, callFailed, connectionDropped, receiverFailed, receiverFailure } from "./receiverFailures.ts";
import { serverTimedOut, serverTimeout } from "./serverTimeout.ts";

const names = { runId: "r1", batch: "1", id: "7" };
const tag = "r1-7";
const work = (kind: string, answer: Answer) => ({ query: { subject: { kind } }, names, answer }) as unknown as Work;
const noMatch: Answer = { answer: "outcome", outcome: { outcome: "noMatch" } };
const match: Answer = { answer: "outcome", outcome: { outcome: "match" } };
const error = (message: string): Answer => ({ answer: "outcome", outcome: { outcome: "error", code: 500, message } });
const record = (o: { failed?: boolean; reviewed?: number; dropAt?: number } = {}): ReceiverRecord => ({
  failed: (t) => t === tag && (o.failed ?? false),
  reviewed: (t) => (t === tag ? (o.reviewed ?? 0) : 0),
  droppedBetween: (from, to) => o.dropAt !== undefined && from <= o.dropAt && o.dropAt <= to,
});
const skip = (message: string) => ({ answer: "skipped", message });

describe("receiverFailure", () => {
  it("skips a webhook verdict whose review the receiver failed, whatever the verdict", () => {
    for (const a of [noMatch, match, error("boom")])
      expect(receiverFailure(work("ValidatingWebhook", a), record({ failed: true }), [0, 1])).toEqual(
        skip(receiverFailed),
      );
  });

  it("skips an error naming the receiver's URL for the probe, and keeps one that does not", () => {
    const reset = error(
      `failed calling webhook "p7.r1.probe.matchconform.dev": failed to call webhook: Post "https://127.0.0.1:9/mc/${tag}?timeout=10s": EOF`,
    );
    expect(receiverFailure(work("MutatingWebhook", reset), record(), [0, 1])).toEqual(skip(callFailed));
    const other = error(`failed calling webhook: Post "https://127.0.0.1:9/mc/${tag}0?timeout=10s": EOF`);
    expect(receiverFailure(work("MutatingWebhook", other), record(), [0, 1])).toBeUndefined();
  });

  it("skips a noMatch although the receiver was called for the probe (its answer was lost)", () => {
    expect(receiverFailure(work("ValidatingWebhook", noMatch), record({ reviewed: 1 }), [0, 1])).toEqual(
      skip(answerLost),
    );
    expect(receiverFailure(work("ValidatingWebhook", match), record({ reviewed: 1 }), [0, 1])).toBeUndefined();
  });

  it("skips a noMatch when an unattributed connection failed while the request was under way, only then", () => {
    expect(receiverFailure(work("ValidatingWebhook", noMatch), record({ dropAt: 5 }), [4, 6])).toEqual(
      skip(connectionDropped),
    );
    expect(receiverFailure(work("ValidatingWebhook", noMatch), record({ dropAt: 5 }), [6, 9])).toBeUndefined();
    expect(receiverFailure(work("ValidatingWebhook", match), record({ dropAt: 5 }), [4, 6])).toBeUndefined();
  });

  it("leaves policies alone: they call no receiver", () => {
    expect(
      receiverFailure(work("ValidatingAdmissionPolicy", noMatch), record({ failed: true, dropAt: 1 }), [0, 2]),
    ).toBeUndefined();
  });
});

describe("serverTimedOut", () => {
  it("skips an error that is the server's own timeout, and keeps other errors and outcomes", () => {
    const timedOut = error(
      `denied request: failed to configure binding: Get "https://127.0.0.1:1/api/v1/namespaces/prod/configmaps/settings": context deadline exceeded`,
    );
    expect(serverTimedOut({ answer: timedOut })).toEqual(skip(serverTimeout));
    expect(
      serverTimedOut({ answer: error("no params found for policy binding with `Deny` parameterNotFoundAction") }),
    ).toBeUndefined();
    expect(serverTimedOut({ answer: noMatch })).toBeUndefined();
  });
});
