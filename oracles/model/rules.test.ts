import { describe, expect, it } from "vitest";
import type { RuleWithOperations } from "../contract/kube.ts";
import { toAttributes } from "./attributes.ts";
import { ruleMatches, splitResource } from "./rules.ts";
import { gvk, gvr, request } from "./testHelpers.ts";
import { noTrace } from "./trace.ts";

const rule = (resources: string[], more: Partial<RuleWithOperations> = {}): RuleWithOperations => ({
  operations: ["*"],
  apiGroups: ["*"],
  apiVersions: ["*"],
  resources,
  scope: "*",
  ...more,
});
const pods = request();
const podStatus = request({ operation: "UPDATE", subResource: "status" });
const namespace = request({
  operation: "UPDATE",
  resource: gvr("", "v1", "namespaces"),
  kind: gvk("", "v1", "Namespace"),
  namespace: "prod",
  name: "prod",
});
const clusterRole = request({
  resource: gvr("rbac.authorization.k8s.io", "v1", "clusterroles"),
  kind: gvk("rbac.authorization.k8s.io", "v1", "ClusterRole"),
  namespace: "",
  name: "admin",
});
const matches = (r: RuleWithOperations, req = pods) => ruleMatches(r, toAttributes(req), noTrace);

describe("rules.Matcher resource()", () => {
  it.each([
    ["pods/* matches pods itself", ["pods/*"], pods, true],
    ["pods/* matches pods/status", ["pods/*"], podStatus, true],
    ["* matches pods", ["*"], pods, true],
    ["* does not match pods/status", ["*"], podStatus, false],
    ["*/* matches pods/status", ["*/*"], podStatus, true],
    ["*/status matches pods/status", ["*/status"], podStatus, true],
    ["*/status does not match pods", ["*/status"], pods, false],
    ["pods does not match pods/status", ["pods"], podStatus, false],
    ["pods/ behaves as pods", ["pods/"], pods, true],
    ["/status never matches", ["/status"], podStatus, false],
    ["a/b/c never matches a request subresource", ["pods/status/x"], podStatus, false],
    ["resource names are case-sensitive", ["Pods"], pods, false],
  ] as const)("%s", (_, resources, req, expected) => {
    expect(matches(rule([...resources]), req)).toBe(expected);
  });
});

describe("rules.Matcher scope()", () => {
  it.each([
    ["Namespaced matches a pod", "Namespaced", pods, true],
    ["Namespaced never matches a Namespace, though it has a namespace", "Namespaced", namespace, false],
    ["Namespaced does not match a cluster-scoped object", "Namespaced", clusterRole, false],
    ["Cluster matches a Namespace", "Cluster", namespace, true],
    ["Cluster matches a cluster-scoped object", "Cluster", clusterRole, true],
    ["Cluster does not match a pod", "Cluster", pods, false],
  ] as const)("%s", (_, scope, req, expected) => {
    expect(matches(rule(["*"], { scope }), req)).toBe(expected);
  });
});

describe("rules.Matcher operation, group and version", () => {
  it.each([
    ["an exact operation", { operations: ["CREATE"] }, true],
    ["another operation", { operations: ["UPDATE"] }, false],
    ["the core group is the empty string", { apiGroups: [""] }, true],
    ["apps does not match core", { apiGroups: ["apps"] }, false],
    ["an exact version", { apiVersions: ["v1"] }, true],
    ["another version", { apiVersions: ["v1beta1"] }, false],
  ] as const)("%s", (_, more, expected) => {
    expect(matches(rule(["pods"], more as Partial<RuleWithOperations>))).toBe(expected);
  });
});

describe("splitResource", () => {
  it.each([
    ["pods", ["pods", ""]],
    ["pods/status", ["pods", "status"]],
    ["pods/", ["pods", ""]],
    ["a/b/c", ["a", "b/c"]],
  ] as const)("%s", (entry, expected) => {
    expect(splitResource(entry)).toEqual(expected);
  });
});
