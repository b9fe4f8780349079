// Requests on resources of a custom group (widgets.stable.example.com) realised as a
// CustomResourceDefinition, so that the server's own equivalent-resource registry holds what the
// case states: apiextensions-apiserver's customresource_handler.go registers every version of
// spec.versions, in order, under one group and resource (conversion None converts between them).
// Each CRD lives in a group of its own (`<hash>.<group>`, renamed consistently in the query and
// back in the answer), so that queries, batches and concurrent runs never share one.
import { createHash } from "node:crypto";
import type { Answer } from "../../adapters/matcher.ts";
import type { AdmissionRequest, EquivalentResource } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import { clusterScopedNamespaces, selectsNamespaces } from "./emptyNamespaceLookup.ts";
import type { Realisable } from "./realisation.ts";
import { putParent } from "./subresources.ts";

export interface CustomResource {
  /** The group as the query states it. */
  readonly group: string;
  /** The group the CRD is made in. */
  readonly realGroup: string;
  readonly plural: string;
  readonly kind: string;
  readonly versions: readonly string[];
  readonly namespaced: boolean;
  /** With the status subresource on every version. */
  readonly status: boolean;
}

export type CustomRealisation =
  | { readonly ok: true; readonly crd: CustomResource; readonly query: Query; readonly r: Realisable }
  | { readonly ok: false; readonly why: string };

/** Groups the server serves itself: never realised as a CRD. */
function builtinGroup(g: string): boolean {
  return !g.includes(".") || g.endsWith(".k8s.io") || g === "k8s.io";
}

/** A CRD for the query's request, undefined when its group is a built-in one. */
export function customResourceFor(q: Query, runId: string): CustomRealisation | undefined {
  const req = q.request;
  const { group, version, resource } = req.resource;
  if (builtinGroup(group)) return undefined;
  const no = (why: string): CustomRealisation => ({ ok: false, why });
  const sub = req.subResource ?? "";
  if (sub !== "" && !(sub === "status" && req.operation === "UPDATE"))
    return no(
      `of a custom resource's subresources only status UPDATEs are realised, not ${req.operation} of ${resource}/${sub}`,
    );
  if (req.kind.group !== group || req.kind.version !== version)
    return no(`the request's kind ${req.kind.group}/${req.kind.version} differs from its resource's group and version`);
  const kind = req.kind.kind;
  if (!/^[A-Z][A-Za-z0-9]{0,62}$/.test(kind) || !/^[a-z][a-z0-9]{0,62}$/.test(resource))
    return no(`${resource} / ${kind} cannot be a CRD's plural and kind`);
  const stated: readonly EquivalentResource[] = q.cluster.equivalentResources ?? [
    { resource: req.resource, kind: req.kind },
  ];
  if (stated.some((e) => e.kind.kind === ""))
    return no(
      "an equivalent without a kind (KindFor's unknown kind) cannot be made: a real server registers a kind with every version",
    );
  const sameFamily = stated.every(
    (e) =>
      e.resource.group === group &&
      e.resource.resource === resource &&
      e.kind.group === group &&
      e.kind.version === e.resource.version &&
      e.kind.kind === kind,
  );
  const versions = stated.map((e) => e.resource.version);
  if (!sameFamily || new Set(versions).size !== versions.length || !versions.includes(version))
    return no(
      "the stated equivalentResources are not one CRD's versions (same group, resource and kind, each version once, the request's among them)",
    );
  if (!versions.every((v) => /^v[0-9]+((alpha|beta)[0-9]+)?$/.test(v)))
    return no(`a CRD's versions look like v1, v2beta1: ${versions.join(", ")}`);
  const namespaced = (req.namespace ?? "") !== "";
  const statusDiffers = sub === "status" ? putParent({ group, version, kind }).sameAsCase?.(req) : undefined;
  if (statusDiffers !== undefined) return no(statusDiffers);
  // A deletecollection's item (DELETE without a name) goes to the collection's path, which
  // requestinfo.go reads as the resource namespaces without a namespace: it is sent as asked.
  if (!namespaced && resource === "namespaces" && req.operation !== "CREATE" && (req.name ?? "") !== "")
    return no(
      `a cluster-scoped custom resource named namespaces cannot be addressed by name: k8s.io/apiserver requestinfo.go reads /apis/${group}/${version}/namespaces/<name> as the namespace <name>`,
    );
  // A subject that fails the items of a deletecollection on such a resource before its probe's
  // confinement applies (emptyNamespaceLookup.ts) gets a group of its own query: it fails no other
  // query's items, also where two tests of a case share the subject.
  const own = clusterScopedNamespaces(req, namespaced) && selectsNamespaces(q.subject) ? q : null;
  const h = createHash("sha256")
    .update(JSON.stringify([runId, group, resource, kind, versions, namespaced, sub, own]))
    .digest("hex")
    .slice(0, 8);
  const crd: CustomResource = {
    group,
    realGroup: `g${h}.${group}`,
    plural: resource,
    kind,
    versions,
    namespaced,
    status: sub === "status",
  };
  if (crd.realGroup.length > 253) return no(`the group ${group} is too long to be given a CRD of its own`);
  const { equivalentResources: _, ...cluster } = q.cluster;
  return {
    ok: true,
    crd,
    query: { ...renameGroup({ ...q, cluster }, group, crd.realGroup) },
    r: {
      kind,
      namespaced,
      operations: ["CREATE", "UPDATE", "DELETE"],
      fill: (o) => o,
      ...(sub === "status" && { sub: { ...putParent({ group: crd.realGroup, version, kind }), name: "status" } }),
    },
  };
}

export const crdCollection = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
export const crdName = (c: CustomResource) => `${c.plural}.${c.realGroup}`;

export function crdManifest(c: CustomResource, labels: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: crdName(c), labels },
    spec: {
      group: c.realGroup,
      scope: c.namespaced ? "Namespaced" : "Cluster",
      names: { plural: c.plural, singular: c.kind.toLowerCase(), kind: c.kind, listKind: `${c.kind}List` },
      conversion: { strategy: "None" },
      versions: c.versions.map((v, i) => ({
        name: v,
        served: true,
        storage: i === 0,
        ...(c.status && { subresources: { status: {} } }),
        schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
      })),
    },
  };
}

/** The group renamed wherever the query names it: rules, the request, its objects' apiVersion. */
export function renameGroup(q: Query, from: string, to: string): Query {
  const g = (x: string) => (x === from ? to : x);
  const json = JSON.stringify(q.subject, (k, v) =>
    k === "apiGroups" && Array.isArray(v) ? (v as string[]).map(g) : (v as unknown),
  );
  const apiVersion = (o: NonNullable<AdmissionRequest["object"]> | null) => {
    if (o === null || typeof o.apiVersion !== "string") return o;
    const [grp, ver] = o.apiVersion.split("/");
    return ver === undefined ? o : { ...o, apiVersion: `${g(grp as string)}/${ver}` };
  };
  const req = q.request;
  const request: AdmissionRequest = {
    ...req,
    resource: { ...req.resource, group: g(req.resource.group) },
    kind: { ...req.kind, group: g(req.kind.group) },
    ...(req.object !== undefined && { object: apiVersion(req.object) }),
    ...(req.oldObject !== undefined && { oldObject: apiVersion(req.oldObject) }),
  };
  return { ...q, subject: JSON.parse(json), request };
}

/** The answer with the CRD's group named as the query named it. */
export function answerInQueryGroup(a: Answer, c: CustomResource): Answer {
  if (a.answer !== "outcome") return a;
  const o = a.outcome;
  if (o.outcome === "match") {
    const g = (x: string) => (x === c.realGroup ? c.group : x);
    return {
      answer: "outcome",
      outcome: {
        outcome: "match",
        ...(o.matchedResource && { matchedResource: { ...o.matchedResource, group: g(o.matchedResource.group) } }),
        ...(o.matchedKind && { matchedKind: { ...o.matchedKind, group: g(o.matchedKind.group) } }),
      },
    };
  }
  if (o.outcome === "error" || o.outcome === "invalid")
    return { answer: "outcome", outcome: { ...o, message: o.message.split(c.realGroup).join(c.group) } };
  return a;
}
