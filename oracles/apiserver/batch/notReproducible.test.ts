// The oracle's reasons a real cluster cannot reproduce a query fall in two kinds: an input no
// cluster sends to admission, and a request a cluster sends whose decision the oracle cannot
// observe or impose. The first kind sets a cause apart (suites/triage/unrealInputs.ts), the second
// leaves it a cause; a report words each differently.
import { describe, expect, it } from "vitest";
import { whyNotReproducible } from "../../../reports/bundleRequest.ts";
import { notReproducibleLead } from "../../../reports/causeModel.ts";
import type { Query } from "../../contract/query.ts";
import { whyUnrealInput } from "./notReproducible.ts";

const rule = { operations: ["*" as const], apiGroups: ["", "apps"], apiVersions: ["*"], resources: ["*"] };
const pod = { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "default" } };
const base: Query = {
  kubernetesVersion: "1.37",
  subject: { kind: "ValidatingAdmissionPolicy", policy: { matchConstraints: { resourceRules: [rule] } }, binding: {} },
  cluster: { namespaces: { default: { "kubernetes.io/metadata.name": "default" } } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "default",
    name: "web",
    object: pod,
    oldObject: null,
  },
};
const kindOf = (q: Query) => whyNotReproducible(q, false)?.kind;

describe("why a real cluster cannot reproduce a query, by kind", () => {
  it("a reproducible query has no reason", () => {
    expect(whyNotReproducible(base, false)).toBeUndefined();
    expect(whyUnrealInput(base)).toBeUndefined();
  });

  it("a request in a namespace that does not exist is an unreal input", () => {
    const q = { ...base, cluster: {} };
    expect(whyNotReproducible(q, false)).toEqual({
      kind: "unreal-input",
      why: expect.stringMatching(/does not exist/),
    });
  });

  it("an equivalent without a kind is an unreal input, even where the stated registry is what the oracle names", () => {
    const deployments = { group: "apps", version: "v1", resource: "deployments" };
    const q: Query = {
      ...base,
      cluster: {
        ...base.cluster,
        equivalentResources: [{ resource: deployments, kind: { group: "", version: "", kind: "" } }],
      },
      request: {
        ...base.request,
        resource: deployments,
        kind: { group: "apps", version: "v1", kind: "Deployment" },
        object: { ...pod, apiVersion: "apps/v1", kind: "Deployment" },
      },
    };
    expect(kindOf(q)).toBe("unreal-input");
    expect(whyNotReproducible(q, false)?.why).toMatch(/without a kind/);
  });

  it("an UPDATE without a name, and a Namespace UPDATE whose old object is not the stored namespace, are unreal inputs", () => {
    const update = { ...base, request: { ...base.request, operation: "UPDATE" as const, name: "", oldObject: pod } };
    expect(kindOf(update)).toBe("unreal-input");
    const ns = { apiVersion: "v1", kind: "Namespace", metadata: { name: "default", labels: { tier: "x" } } };
    const nsUpdate: Query = {
      ...base,
      request: {
        ...base.request,
        operation: "UPDATE",
        resource: { group: "", version: "v1", resource: "namespaces" },
        kind: { group: "", version: "v1", kind: "Namespace" },
        name: "default",
        object: ns,
        oldObject: ns,
      },
    };
    expect(kindOf(nsUpdate)).toBe("unreal-input");
  });

  it("a MutatingAdmissionPolicy's DELETE is reproducible: its probe is admitted exactly when the plugin does not match", () => {
    const q: Query = {
      ...base,
      subject: {
        kind: "MutatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [rule] } },
        binding: {},
      },
      request: { ...base.request, operation: "DELETE", object: null, oldObject: pod },
    };
    expect(whyNotReproducible(q, false)).toBeUndefined();
  });

  it("a stated registry other than the server's is real but cannot be imposed", () => {
    const q: Query = {
      ...base,
      cluster: {
        ...base.cluster,
        equivalentResources: [
          { resource: base.request.resource, kind: base.request.kind },
          { resource: { group: "", version: "v2", resource: "pods" }, kind: { group: "", version: "v2", kind: "Pod" } },
        ],
      },
    };
    expect(whyNotReproducible(q, false)).toEqual({
      kind: "unobservable",
      why: expect.stringMatching(/cannot be imposed/),
    });
  });

  it("a cluster-scoped custom resource named namespaces: its deletecollection's item is sent, by name it is an unreal input", () => {
    const tenants = { group: "example.com", version: "v1", resource: "namespaces" };
    const tenant = { apiVersion: "example.com/v1", kind: "Tenant", metadata: { name: "x" } };
    const item: Query = {
      ...base,
      cluster: {},
      request: {
        operation: "DELETE",
        resource: tenants,
        kind: { group: "example.com", version: "v1", kind: "Tenant" },
        namespace: "",
        name: "",
        object: null,
        oldObject: tenant,
      },
    };
    expect(whyNotReproducible(item, false)).toBeUndefined();
    const byName = { ...item, request: { ...item.request, name: "x" } };
    expect(whyNotReproducible(byName, false)).toEqual({
      kind: "unreal-input",
      why: expect.stringMatching(/requestinfo\.go reads/),
    });
  });

  it("a webhook's error is a real request whose failure the oracle cannot attribute to its probe", () => {
    const hook: Query = {
      ...base,
      subject: { kind: "ValidatingWebhook", webhook: { rules: [rule], failurePolicy: "Ignore" } },
    };
    expect(whyNotReproducible(hook, false)).toBeUndefined();
    expect(whyNotReproducible(hook, false, true)).toEqual({
      kind: "unobservable",
      why: expect.stringMatching(/names no webhook/),
    });
  });

  it("a report says which kind it is", () => {
    expect(notReproducibleLead("unreal-input")).toMatch(/^no real cluster sends this input/);
    expect(notReproducibleLead("unobservable")).toMatch(/^a real cluster sends it, but the apiserver oracle cannot/);
    expect(notReproducibleLead(undefined)).toMatch(/^no real cluster can reproduce it/);
  });
});
