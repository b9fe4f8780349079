// whyNotAsked, through prepare: each reason applies to the query it names, and a query none
// applies to is probed.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { matchEverything } from "../testQueries.ts";
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

  it("probes a query none applies to", () => {
    expect(prepare(matchEverything, { runId: "r", batch: "1", id: "1" }, "1.37", ["MatchResources"]).state).toBe(
      "probe",
    );
  });
});
