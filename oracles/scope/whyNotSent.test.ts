import { describe, expect, it } from "vitest";
import type { Capabilities } from "../contract/capabilities.ts";
import { fullCapabilities } from "../contract/capabilities.ts";
import type { Cluster } from "../contract/cluster.ts";
import type { Feature } from "../contract/features.ts";
import type { AdmissionRequest, BindingSpec, PolicySpec } from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";
import type { Subject } from "../contract/subject.ts";
import { gvk, gvr, request } from "../model/testHelpers.ts";
import { outOfScope, whyNotSent } from "./whyNotSent.ts";

const without = (...off: Feature[]): Capabilities => ({
  ...fullCapabilities,
  features: { ...fullCapabilities.features, ...Object.fromEntries(off.map((f) => [f, false])) },
});
const createOnly: Capabilities = { ...fullCapabilities, operations: ["CREATE"], subresources: [] };
const mr = (matchPolicy?: string): Subject => ({
  kind: "MatchResources",
  matchResources: {
    resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
    ...(matchPolicy && { matchPolicy }),
  },
});
const prod: Cluster = { namespaces: { prod: { "kubernetes.io/metadata.name": "prod" } } };
const q = (r: Partial<AdmissionRequest> = {}, subject: Subject = mr(), cluster: Cluster = prod): Query => ({
  kubernetesVersion: "1.37",
  subject,
  cluster,
  request: request(r),
});
const coreEvent = { resource: gvr("", "v1", "events"), kind: gvk("", "v1", "Event") };
const widget = { resource: gvr("example.com", "v1", "widgets"), kind: gvk("example.com", "v1", "Widget") };
const httpRoute = {
  resource: gvr("gateway.networking.k8s.io", "v1", "httproutes"),
  kind: gvk("gateway.networking.k8s.io", "v1", "HTTPRoute"),
};
const tokenReview = {
  resource: gvr("authentication.k8s.io", "v1", "tokenreviews"),
  kind: gvk("authentication.k8s.io", "v1", "TokenReview"),
  namespace: "",
};
const invalid: Subject = { kind: "MatchResources", matchResources: { matchPolicy: "Sometimes" } };
const hook = (expression: string): Subject => ({
  kind: "ValidatingWebhook",
  webhook: {
    rules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
    matchConditions: [{ name: "c", expression }],
  },
});

const withParams = (policy: PolicySpec, binding: BindingSpec = {}): Subject => ({
  kind: "ValidatingAdmissionPolicy",
  policy: {
    ...policy,
    matchConstraints: {
      resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
    },
  },
  binding,
});

describe("outOfScope", () => {
  it.each<[string, Query, Capabilities, string | undefined]>([
    ["everything is inside the full profile", q({ operation: "DELETE" }), fullCapabilities, undefined],
    ["a CREATE of the main resource is inside CREATE-only", q(), createOnly, undefined],
    ["an UPDATE is outside CREATE-only", q({ operation: "UPDATE" }), createOnly, "operation UPDATE not claimed"],
    [
      "pods/status is outside a profile without subresources",
      q({ subResource: "status" }),
      createOnly,
      "subresource status not claimed",
    ],
    [
      "a listed subresource is claimed",
      q({ subResource: "status" }),
      { ...fullCapabilities, subresources: ["status"] },
      undefined,
    ],
    [
      "an invalid subject is outside a profile without validation",
      q({}, invalid),
      without("validation"),
      "API validation not claimed",
    ],
    ["an invalid subject is inside a profile with validation", q({}, invalid), fullCapabilities, undefined],
    [
      "a custom resource is outside a profile without them",
      q(widget),
      without("customResources"),
      "custom resources not claimed",
    ],
    [
      "a Gateway API resource (a *.k8s.io group served by CRDs) is outside a profile without custom resources",
      q(httpRoute),
      without("customResources"),
      "custom resources not claimed",
    ],
    [
      "a built-in *.k8s.io resource is inside a profile without custom resources",
      q(tokenReview),
      without("customResources"),
      undefined,
    ],
    [
      "an auth review is outside a profile without exemptions",
      q(tokenReview),
      without("exemptions"),
      "exemptions not claimed",
    ],
    [
      "a request in a namespace that does not exist is outside a profile without them",
      q({ namespace: "gone" }),
      without("missingNamespaces"),
      "missing namespaces not claimed",
    ],
    [
      "a cluster-scoped request names no namespace",
      q({ resource: gvr("", "v1", "nodes"), kind: gvk("", "v1", "Node"), namespace: "" }),
      without("missingNamespaces"),
      undefined,
    ],
    [
      "core events under an omitted matchPolicy go through the Equivalent pass",
      q(coreEvent),
      without("equivalent"),
      "the Equivalent pass not claimed",
    ],
    ["core events under Exact do not", q(coreEvent, mr("Exact")), without("equivalent"), undefined],
    [
      "a policy without a binding is outside a profile without unbound policies",
      { ...q({}), subject: { kind: "ValidatingAdmissionPolicy", policy: {} } },
      without("unboundPolicies"),
      "policies without a binding not claimed",
    ],
    [
      "a policy with a binding is inside it",
      { ...q({}), subject: { kind: "ValidatingAdmissionPolicy", policy: {}, binding: {} } },
      without("unboundPolicies"),
      undefined,
    ],
    ["pods have no equivalents", q({}, mr("Equivalent")), without("equivalent"), undefined],
    ["defaulting alone leaves nothing out: subjects are sent defaulted", q(), without("defaulting"), undefined],
    [
      "a webhook with matchConditions is outside a profile without them",
      q({}, hook("true")),
      without("matchConditions"),
      "matchConditions not claimed",
    ],
    ["a webhook with matchConditions is inside the full profile", q({}, hook("true")), fullCapabilities, undefined],
    [
      "a condition the model does not decide is outside every profile",
      q({}, hook("authorizer.group('').resource('pods').check('get').allowed()")),
      fullCapabilities,
      'outside the reference model: matchCondition "c": the authorizer variable is not modelled',
    ],
    [
      "a policy with a paramKind is outside a profile without params",
      q({}, withParams({ paramKind: { apiVersion: "v1", kind: "ConfigMap" } })),
      without("params"),
      "params not claimed",
    ],
    [
      "a binding's paramRef alone is outside it too",
      q({}, withParams({}, { paramRef: { name: "p", parameterNotFoundAction: "Allow" } })),
      without("params"),
      "params not claimed",
    ],
    [
      "a cluster with param objects is outside it",
      q({}, mr(), {
        ...prod,
        params: [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "p", namespace: "prod" } }],
      }),
      without("params"),
      "params not claimed",
    ],
    [
      "a policy with a paramKind is inside the full profile",
      q({}, withParams({ paramKind: { apiVersion: "v1", kind: "ConfigMap" } })),
      fullCapabilities,
      undefined,
    ],
    [
      "a user without conditions decides nothing and is sent",
      q({ userInfo: { username: "alice", groups: ["system:authenticated"] } }),
      without("matchConditions"),
      undefined,
    ],
    [
      "a kind at a minor its subjectVersions leave out",
      q(),
      { ...fullCapabilities, subjectVersions: { MatchResources: ["1.36"] } },
      "MatchResources at 1.37 not claimed",
    ],
  ])("%s", (_, query, caps, reason) => {
    expect(outOfScope(query, caps)).toBe(reason);
  });

  it("tells the model's limits from the implementation's claim by kind, not by wording", () => {
    const authorizer = q({}, hook("authorizer.group('').resource('pods').check('get').allowed()"));
    expect(whyNotSent(authorizer, fullCapabilities)).toEqual({
      by: "model",
      reason: 'matchCondition "c": the authorizer variable is not modelled',
    });
    // An unclaimed feature comes first: the model's limit is not what kept it unsent.
    expect(whyNotSent(authorizer, without("matchConditions"))).toEqual({
      by: "scope",
      reason: "matchConditions not claimed",
    });
    expect(whyNotSent(q({}, hook("true")), fullCapabilities)).toBeUndefined();
  });
});
