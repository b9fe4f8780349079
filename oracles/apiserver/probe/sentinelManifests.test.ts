// A batch's sentinel: every part matches its own user's ConfigMap creates only, under Ignore,
// carries the batch's labels, and is told apart by its tags.
import { describe, expect, it } from "vitest";
import { batchLabel, runLabel } from "./names.ts";
import { sentinelManifests } from "./sentinelManifests.ts";

const endpoint = { url: (tag: string) => `https://runner/${tag}`, caBundle: "CA" };
const s = sentinelManifests({ runId: "r1", batch: "4" }, endpoint);
const ownUser = [{ name: "mc-sentinel", expression: "request.userInfo.username == 'mc:r1:sentinel-4'" }];
const spec = (o: Record<string, unknown>) => o.spec as Record<string, unknown>;
const hook = (o: Record<string, unknown> | undefined) => (o?.webhooks as Record<string, unknown>[] | undefined)?.[0];

describe("sentinelManifests", () => {
  it.each([
    ["the user", s.user, "mc:r1:sentinel-4"],
    ["the name", s.name, "mc-r1-sentinel-4"],
    ["the validating webhook's tag", s.sentinelTag("ValidatingWebhook"), "r1-sentinel-4-v"],
    ["the mutating webhook's tag", s.sentinelTag("MutatingWebhook"), "r1-sentinel-4-m"],
    ["the mutating policy's tag", s.mutating.tag, "r1-sentinel-4-p"],
    [
      "the validating webhook's url",
      (hook(s.webhooks?.ValidatingWebhook)?.clientConfig as { url: string } | undefined)?.url,
      "https://runner/r1-sentinel-4-v",
    ],
    ["the binding's policy", spec(s.binding).policyName, "mc-r1-sentinel-4"],
    ["the binding's action", (spec(s.binding).validationActions as string[])[0], "Warn"],
  ])("%s", (_, got, want) => {
    expect(got).toEqual(want);
  });

  it.each([
    ["the policy", spec(s.policy)],
    ["the mutating policy", spec(s.mutating.policy)],
    ["the validating webhook", hook(s.webhooks?.ValidatingWebhook)],
    ["the mutating webhook", hook(s.webhooks?.MutatingWebhook)],
  ])("%s matches its own user only, under Ignore", (_, part) => {
    expect(part?.matchConditions).toEqual(ownUser);
    expect(part?.failurePolicy).toBe("Ignore");
  });

  it("labels every part with the run and batch", () => {
    for (const o of [s.policy, s.binding, s.mutating.policy, s.mutating.binding])
      expect((o.metadata as { labels: unknown }).labels).toEqual({ [runLabel]: "r1", [batchLabel]: "r1-4" });
  });

  it("has no webhooks without an endpoint", () => {
    expect(sentinelManifests({ runId: "r1", batch: "4" }).webhooks).toBeUndefined();
  });
});
