import { describe, expect, it } from "vitest";
import type { Subject } from "../contract/subject.ts";
import { decide, decideAfresh } from "./decide.ts";
import { request } from "./testHelpers.ts";

const podRule = { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] };
// Invalid at every minor, with a field path that changed in 1.32 ("matchResouces" before).
const misspeltBefore132: Subject = {
  kind: "ValidatingAdmissionPolicy",
  policy: { matchConstraints: { resourceRules: [podRule] } },
  binding: { matchResources: { matchPolicy: "Sometimes" } },
};

describe("decide: a subject decided again", () => {
  it("is decided at each minor as at that minor alone, in any order", () => {
    const alone = (minor: "1.31" | "1.32") => decide(structuredClone(misspeltBefore132), {}, request(), minor);
    for (const minor of ["1.31", "1.32", "1.31", "1.32", "1.32", "1.31"] as const) {
      expect(decide(misspeltBefore132, {}, request(), minor)).toEqual(alone(minor));
    }
    const message = (minor: "1.31" | "1.32") => {
      const { outcome } = decide(misspeltBefore132, {}, request(), minor);
      return outcome.outcome === "invalid" ? outcome.message : outcome.outcome;
    };
    expect(message("1.31")).toContain("spec.matchResouces.matchPolicy");
    expect(message("1.32")).toContain("spec.matchResources.matchPolicy");
  });

  it("takes the defaulting and validation clauses again, against another request", () => {
    const valid: Subject = { kind: "ValidatingWebhook", webhook: { rules: [podRule] } };
    const first = decide(valid, {}, request(), "1.37");
    const again = decide(valid, {}, request({ operation: "UPDATE" }), "1.37");
    const fresh = decide(structuredClone(valid), {}, request({ operation: "UPDATE" }), "1.37");
    expect(first.clauses).toContain("defaulting.matchPolicyEquivalent");
    expect(again).toEqual(fresh);
    expect(again.clauses).toContain("defaulting.matchPolicyEquivalent");
    expect(again.clauses).toContain("validation.accepted");
  });
});

describe("decideAfresh: the library's decide", () => {
  it("sees a subject changed in place after a decision, which decide keeps as it was", () => {
    const subject: Subject = { kind: "ValidatingWebhook", webhook: { rules: [podRule] } };
    expect(decideAfresh(subject, {}, request(), "1.37").outcome.outcome).toBe("match");
    expect(decide(subject, {}, request(), "1.37").outcome.outcome).toBe("match");
    Object.assign(subject.kind === "ValidatingWebhook" ? subject.webhook : {}, { matchPolicy: "Sometimes" });
    expect(decideAfresh(subject, {}, request(), "1.37").outcome.outcome).toBe("invalid");
    expect(decide(subject, {}, request(), "1.37").outcome.outcome).toBe("match");
  });
});
