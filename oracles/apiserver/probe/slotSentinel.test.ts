// A param slot's sentinel: bound to every param of the slot's kind under parameterNotFoundAction
// Deny, warning only, confined to its own request by a label, and read as "empty" only from its own
// binding's "no params found" (a configuration error, denied whatever the binding's actions).
import { describe, expect, it } from "vitest";
import type { Reply } from "../controlPlane/kubeHttp.ts";
import { provesEmpty, provesHeld, slotSentinel } from "./slotSentinel.ts";

const kind = { apiVersion: "gslot.example.com/v1", kind: "ClusterLimits" };
const reply = (status: number, body: unknown, warnings: string[] = []): Reply => ({
  status,
  body,
  text: JSON.stringify(body),
  warnings,
});
const noParams = (policy: string) =>
  `configmaps "mc-slot" is forbidden: ValidatingAdmissionPolicy '${policy}' with binding '${policy}' denied request: failed to configure binding: no params found for policy binding with \`Deny\` parameterNotFoundAction`;

describe("slotSentinel", () => {
  it("selects every param of the slot's kind under Fail, warns only, and matches only its own request", () => {
    const s = slotSentinel("r", 2, kind, false);
    const [policy, binding] = s.objects.map((o) => o.body as { spec: Record<string, unknown> });
    expect(policy?.spec).toMatchObject({ failurePolicy: "Fail", paramKind: kind });
    expect(binding?.spec.paramRef).toEqual({ selector: {}, parameterNotFoundAction: "Deny" });
    // Warn only, as every probe's binding: a cluster the suite is pointed at sees no Deny of its own.
    expect(binding?.spec.validationActions).toEqual(["Warn"]);
    const selector = (policy?.spec.matchConstraints as { objectSelector?: unknown } | undefined)?.objectSelector;
    const [check] = s.checks;
    const labels = (check?.body as { metadata?: { labels?: unknown } } | undefined)?.metadata?.labels;
    expect(selector).toEqual({ matchLabels: labels });
  });

  it("has a mutating policy of its own, asked by a request of its own, when mutating policies may read the kind", () => {
    const s = slotSentinel("r", 2, kind, true);
    expect(s.objects.map((o) => o.what)).toEqual([
      "validatingadmissionpolicies",
      "validatingadmissionpolicybindings",
      "mutatingadmissionpolicies",
      "mutatingadmissionpolicybindings",
    ]);
    const labels = s.checks.map((c) => JSON.stringify((c.body as { metadata: unknown }).metadata));
    expect(new Set(labels).size).toBe(2);
  });

  it.each([
    ["its binding's no params, from the validating plugin", reply(422, { message: noParams("mc-r-slot-2") }), true],
    ["its binding's no params, from the mutating plugin", reply(403, { message: noParams("mc-r-slot-2") }), true],
    ["another slot's no params", reply(422, { message: noParams("mc-r-slot-20") }), false],
    [
      "the kind not yet resolved",
      reply(403, {
        message:
          'policy "mc-r-slot-2" denied request: failed to configure policy: failed to find resource referenced by paramKind',
      }),
      false,
    ],
    ["the sentinel not yet in effect", reply(201, {}), false],
  ])("reads %s as empty: %s", (_, r, empty) => {
    expect(provesEmpty(r, "mc-r-slot-2")).toBe(empty);
  });

  it("reads the mark among the params from the validation's warning or the mutation's annotation", () => {
    const warned = (...names: string[]) =>
      names.map((n) => `Validation failed for ValidatingAdmissionPolicy 'p' with binding 'p': mc-slot-holds|${n}`);
    expect(provesHeld(reply(201, {}, warned("a", "mc-slot-mark")), "v", "mc-slot-mark")).toBe(true);
    expect(provesHeld(reply(201, {}, warned("a")), "v", "mc-slot-mark")).toBe(false);
    expect(provesHeld(reply(422, { message: "mc-slot-holds|mc-slot-mark" }), "v", "mc-slot-mark")).toBe(false);
    const annotated = reply(201, { metadata: { annotations: { "matchconform.dev/slot-mc-slot-mark": "held" } } });
    expect(provesHeld(annotated, "m", "mc-slot-mark")).toBe(true);
    expect(provesHeld(reply(201, { metadata: {} }), "m", "mc-slot-mark")).toBe(false);
  });
});
