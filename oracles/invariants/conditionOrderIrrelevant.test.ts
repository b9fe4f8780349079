import { describe, expect, it } from "vitest";
import { checkInvariant } from "../../suites/properties/checkInvariant.ts";
import type { Outcome } from "../contract/outcome.ts";
import type { Query } from "../contract/query.ts";
import type { Subject } from "../contract/subject.ts";
import { decide } from "../model/decide.ts";
import { request } from "../model/testHelpers.ts";
import { conditionOrderIrrelevant } from "./conditionOrderIrrelevant.ts";

const rule = { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] };
const query = (expressions: string[], failurePolicy?: "Ignore"): Query => ({
  kubernetesVersion: "1.37",
  subject: {
    kind: "ValidatingWebhook",
    webhook: {
      rules: [rule],
      ...(failurePolicy && { failurePolicy }),
      matchConditions: expressions.map((expression, i) => ({ name: `c${i}`, expression })),
    },
  } as Subject,
  cluster: { namespaces: { prod: {} } },
  request: request(),
});
const model = (q: Query) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;

describe("conditionOrderIrrelevant", () => {
  it("says nothing of a subject with fewer than two conditions", () => {
    expect(conditionOrderIrrelevant.pair(query(["true"]), { shift: 1, reverse: true })).toBeUndefined();
  });

  it.each([
    [["true", "object.spec.absent == 1", "false"], undefined],
    [["object.spec.absent == 1", "request.name == 'web'"], undefined],
    [["object.spec.absent == 1", "request.name == 'web'"], "Ignore" as const],
  ])("holds on the model for %j (failurePolicy %s)", async (expressions, failurePolicy) => {
    for (const shift of [0, 1, 2])
      for (const reverse of [false, true]) {
        const check = await checkInvariant(
          conditionOrderIrrelevant,
          query(expressions, failurePolicy),
          { shift, reverse },
          model,
        );
        expect(check.result).toBe("holds");
      }
  });

  it("catches an implementation that stops at the first condition", async () => {
    const firstOnly = (q: Query): Outcome => {
      const first = "webhook" in q.subject ? q.subject.webhook.matchConditions?.[0]?.expression : undefined;
      return first === "false" ? { outcome: "noMatch" } : { outcome: "match" };
    };
    const check = await checkInvariant(
      conditionOrderIrrelevant,
      query(["true", "false"]),
      { shift: 1, reverse: false },
      firstOnly,
    );
    expect(check.result).toBe("violated");
  });
});
