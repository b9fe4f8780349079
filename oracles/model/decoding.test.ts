import { describe, expect, it } from "vitest";
import type { Subject } from "../contract/subject.ts";
import { decodeNulls } from "./decoding.ts";

const mr = (matchResources: object) => ({ kind: "MatchResources", matchResources }) as unknown as Subject;
const rule = { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] };

describe("decodeNulls: a manifest's nulls as the Go types take them", () => {
  it.each([
    ["a null selector is nil, as omitted", mr({ namespaceSelector: null }), mr({})],
    ["a null matchPolicy is nil", mr({ matchPolicy: null }), mr({})],
    ["a null rule list is nil", mr({ resourceRules: null }), mr({})],
    ["a null rule is the empty rule", mr({ resourceRules: [null] }), mr({ resourceRules: [{}] })],
    ["a null scope is nil", mr({ resourceRules: [{ ...rule, scope: null }] }), mr({ resourceRules: [rule] })],
    [
      "a null string in a list is empty",
      mr({ resourceRules: [{ ...rule, operations: [null] }] }),
      mr({ resourceRules: [{ ...rule, operations: [""] }] }),
    ],
    [
      "a null matchLabels value is empty",
      mr({ objectSelector: { matchLabels: { a: null } } }),
      mr({ objectSelector: { matchLabels: { a: "" } } }),
    ],
    [
      "a null expression key and value are empty",
      mr({ objectSelector: { matchExpressions: [{ key: null, operator: "In", values: [null] }] } }),
      mr({ objectSelector: { matchExpressions: [{ key: "", operator: "In", values: [""] }] } }),
    ],
    [
      "a null policyName is empty and null validationActions are a given, empty list",
      { kind: "ValidatingAdmissionPolicy", policy: {}, binding: { policyName: null, validationActions: null } },
      { kind: "ValidatingAdmissionPolicy", policy: {}, binding: { policyName: "", validationActions: [] } },
    ],
    [
      "null webhook rules and failurePolicy are nil",
      { kind: "ValidatingWebhook", webhook: { rules: null, failurePolicy: null } },
      { kind: "ValidatingWebhook", webhook: {} },
    ],
  ])("%s", (_, manifest, decoded) => {
    expect(decodeNulls(manifest as Subject)).toEqual(decoded);
  });

  it("decodes a null deep in a binding's paramRef selector", () => {
    const manifest = {
      kind: "ValidatingAdmissionPolicy",
      policy: {},
      binding: { paramRef: { selector: { matchExpressions: [{ key: "a", operator: "In", values: ["x", null] }] } } },
    } as unknown as Subject;
    expect(decodeNulls(manifest)).toEqual({
      kind: "ValidatingAdmissionPolicy",
      policy: {},
      binding: { paramRef: { selector: { matchExpressions: [{ key: "a", operator: "In", values: ["x", ""] }] } } },
    });
  });

  it("returns a subject whose only nulls are in fields decoding keeps as they are (no copy)", () => {
    const kept = mr({ resourceRules: [rule], extension: null, objectSelector: { matchLabels: { a: "b" } } });
    expect(decodeNulls(kept)).toBe(kept);
    const withNull = mr({ resourceRules: [rule], namespaceSelector: { matchLabels: { a: null } } });
    expect(decodeNulls(withNull)).not.toBe(withNull);
  });
});
