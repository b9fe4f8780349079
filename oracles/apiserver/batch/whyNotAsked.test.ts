// whyNotAsked, through prepare: each reason applies to the query it names, and a query none
// applies to is probed.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { matchEverything, tenantCollectionItem } from "../testQueries.ts";
import { prepare } from "./prepareQuery.ts";

const req = matchEverything.request;
const old = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", namespace: "bystand" } };

describe("whyNotAsked", () => {
  it.each<[string, Partial<Query>, RegExp]>([
    ["a namespace the cluster lacks", { cluster: {} }, /namespace "bystand" does not exist/],
    [
      "an UPDATE without a name",
      { request: { ...req, operation: "UPDATE", name: "", oldObject: old } },
      /UPDATE without a name/,
    ],
    [
      "a DELETE without a name whose old object has none",
      {
        request: {
          ...req,
          operation: "DELETE",
          name: "",
          object: null,
          oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: {} },
        },
      },
      /DELETE without a name/,
    ],
    [
      "a binding's own validationActions",
      {
        subject: {
          kind: "ValidatingAdmissionPolicy",
          policy: { matchConstraints: {} },
          binding: { validationActions: ["Deny"] },
        },
      },
      /validationActions are always \[Warn\]/,
    ],
    [
      "a MutatingAdmissionPolicy on DELETE whose conditions take the DELETE probe's name",
      {
        subject: {
          kind: "MutatingAdmissionPolicy",
          policy: { matchConstraints: {}, matchConditions: [{ name: "mc-probe-delete", expression: "true" }] },
          binding: {},
        },
        request: { ...req, operation: "DELETE", object: null, oldObject: old },
      },
      /leave no room/,
    ],
  ])("skips %s", (_, change, why) => {
    const w = prepare({ ...matchEverything, ...change }, { runId: "r", batch: "1", id: "1" }, "1.37", [
      "MatchResources",
      "ValidatingAdmissionPolicy",
      "MutatingAdmissionPolicy",
    ]);
    expect(w.state).toBe("invalid?");
    expect(w.answer.answer === "skipped" && w.answer.message).toMatch(why);
  });

  describe("a deletecollection's item of a cluster-scoped custom resource named namespaces", () => {
    const item: Query = {
      ...matchEverything,
      cluster: {},
      subject: {
        kind: "ValidatingWebhook",
        webhook: {
          rules: [{ operations: ["*"], apiGroups: ["example.com"], apiVersions: ["v1"], resources: ["namespaces"] }],
          namespaceSelector: { matchLabels: { team: "a" } },
        },
      },
      request: tenantCollectionItem,
    };
    const webhooks = ["ValidatingWebhook", "MutatingWebhook", "ValidatingAdmissionPolicy"] as const;
    const asked = (q: Query, id = "1") => prepare(q, { runId: "r", batch: "1", id }, "1.37", webhooks);

    it("skips a webhook that looks the namespace up: its 500 names no webhook", () => {
      const w = asked(item);
      expect(w.state).toBe("invalid?");
      expect(w.answer.answer === "skipped" && w.answer.message).toMatch(/names no webhook/);
    });

    it("skips a bare MatchResources that looks the namespace up: realised as a policy, it fails with another code", () => {
      const bare: Query = {
        ...item,
        subject: {
          kind: "MatchResources",
          matchResources: {
            namespaceSelector: { matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "DoesNotExist" }] },
            resourceRules: [],
          },
        },
      };
      const w = prepare(bare, { runId: "r", batch: "1", id: "1" }, "1.37", ["MatchResources"]);
      expect(w.answer.answer === "skipped" && w.answer.message).toMatch(
        /bare MatchResources.*cannot be put to the server/,
      );
    });

    const hook = item.subject.kind === "ValidatingWebhook" ? item.subject.webhook : undefined;
    const unselective: Query = {
      ...item,
      subject: { kind: "ValidatingWebhook", webhook: { ...hook, namespaceSelector: {} } },
    };

    it("probes a webhook with an empty namespaceSelector, which looks nothing up", () => {
      expect(asked(unselective).state).toBe("probe");
    });

    it("gives a policy that looks the namespace up a CRD group of its own, which no other query's items share", () => {
      const policy = (namespaceSelector?: { matchLabels: Record<string, string> }): Query => ({
        ...item,
        subject: {
          kind: "ValidatingAdmissionPolicy",
          policy: {
            matchConstraints: {
              resourceRules: [
                { operations: ["*"], apiGroups: ["example.com"], apiVersions: ["v1"], resources: ["namespaces"] },
              ],
            },
          },
          binding: namespaceSelector ? { matchResources: { namespaceSelector } } : {},
        },
      });
      const group = (q: Query, id: string) => asked(q, id).crd?.realGroup;
      const [plain, other] = [group(policy(), "1"), group(unselective, "2")];
      expect(plain).toMatch(/\.example\.com$/);
      const selective = policy({ matchLabels: { team: "a" } });
      expect(group(selective, "3")).not.toBe(plain);
      // Its own query's: another test of the case, with the same subject, has another.
      const create: Query = {
        ...selective,
        request: {
          ...selective.request,
          operation: "CREATE",
          name: "acme",
          object: selective.request.oldObject ?? null,
          oldObject: null,
        },
      };
      expect(group(create, "4")).not.toBe(group(selective, "3"));
      // Subjects that look nothing up share the run's group for the kind.
      expect(other).toBe(plain);
      expect(asked(policy({ matchLabels: { team: "a" } })).state).toBe("probe");
    });
  });

  it("probes a query none applies to", () => {
    expect(prepare(matchEverything, { runId: "r", batch: "1", id: "1" }, "1.37", ["MatchResources"]).state).toBe(
      "probe",
    );
  });
});
