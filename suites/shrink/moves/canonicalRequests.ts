// The request: CREATE, the main resource, pods (or nodes when cluster-scoped), the name "web" —
// unless the resource or the name is already a real cluster's (realVocabulary.ts): deployments.apps
// named coredns stays as it is, only invented ones are renamed.
import type { AdmissionRequest, KubeObject } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";
import { isRealName, isRealResource } from "../realVocabulary.ts";
import { mapRuleLists, mapRules } from "./ruleLists.ts";

interface Canonical {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
}

const pods: Canonical = { group: "", version: "v1", resource: "pods", kind: "Pod" };

const nodes: Canonical = { group: "", version: "v1", resource: "nodes", kind: "Node" };

export function canonicalRequests(q: Query): Move[] {
  const r = q.request;
  const moves: Move[] = [];
  const withRequest = (what: string, request: AdmissionRequest, extra: Partial<Query> = {}): Move => ({
    what,
    query: { ...q, ...extra, request },
  });
  const { oldObject: _o, ...noOld } = r;
  // A subresource serves the operations it serves (status: UPDATE; eviction: CREATE): only a main
  // resource's request changes operation.
  const main = (r.subResource ?? "") === "";
  if (r.operation === "UPDATE" && main)
    moves.push(withRequest("a CREATE instead of an UPDATE", { ...noOld, operation: "CREATE" }));
  if (r.operation === "DELETE" && main) {
    const { object: _, oldObject, ...rest } = r;
    if (oldObject) {
      moves.push(withRequest("a CREATE instead of a DELETE", { ...rest, operation: "CREATE", object: oldObject }));
      moves.push(
        withRequest("an UPDATE instead of a DELETE", {
          ...rest,
          operation: "UPDATE",
          object: withoutLabels(oldObject),
          oldObject,
        }),
      );
    }
  }
  const toMain = mainResourceOf(q);
  if (toMain) moves.push(toMain);
  const canonical = r.namespace ? pods : nodes;
  const isNamespaceObject = r.resource.group === "" && r.resource.resource === "namespaces";
  if (!isNamespaceObject && !isRealResource(r.resource) && (r.subResource ?? "") === "" && r.operation !== "CONNECT") {
    const renamed = renameResource(q, canonical);
    if (renamed)
      moves.push({ what: `the resource ${canonical.resource} instead of ${r.resource.resource}`, query: renamed });
  }
  if (r.name && !isRealName(r.name)) moves.push({ what: "the name web", query: renameObject(q, "web") });
  const generated = (r.object?.metadata as { generateName?: unknown } | undefined)?.generateName;
  if (r.operation === "CREATE" && !r.name && generated !== undefined && r.object)
    moves.push({ what: "a named create instead of generateName", query: renameObject(q, "web"), repairs: true });
  return moves;
}

function mainResourceOf(q: Query): Move | undefined {
  const r = q.request;
  if (!r.subResource || r.operation === "CONNECT") return undefined;
  const kind = objectKind(r.object ?? r.oldObject);
  if (!kind || kind.kind !== r.kind.kind) return undefined; // scale, eviction, binding: another kind
  const { subResource: _, ...rest } = r;
  const subject = mapRules(q.subject, (resource) => resource.replace(/\/[^/]*$/, ""));
  const { equivalentResources: _e, ...cluster } = q.cluster;
  return { what: "the main resource instead of a subresource", query: { ...q, subject, cluster, request: rest } };
}

function objectKind(o: KubeObject | null | undefined): { kind: string } | undefined {
  const kind = o?.kind;
  return typeof kind === "string" ? { kind } : undefined;
}

/** The request's group, version and resource replaced everywhere (rules, objects), equivalents dropped. */
function renameResource(q: Query, to: Canonical): Query | undefined {
  const r = q.request;
  if (r.resource.group === to.group && r.resource.version === to.version && r.resource.resource === to.resource)
    return undefined;
  const from = r.resource;
  const swap = (xs: readonly string[], a: string, b: string) => xs.map((x) => (x === a ? b : x));
  const subject = mapRuleLists(q.subject, (rule) => ({
    ...rule,
    ...(rule.apiGroups && { apiGroups: swap(rule.apiGroups, from.group, to.group) }),
    ...(rule.apiVersions && { apiVersions: swap(rule.apiVersions, from.version, to.version) }),
    ...(rule.resources && { resources: swap(rule.resources, from.resource, to.resource) }),
  }));
  const apiVersion = to.group === "" ? to.version : `${to.group}/${to.version}`;
  const retype = (o: KubeObject | null): KubeObject | null => (o ? { ...o, apiVersion, kind: to.kind } : o);
  const { equivalentResources: _, ...cluster } = q.cluster;
  const request: AdmissionRequest = {
    ...r,
    resource: { group: to.group, version: to.version, resource: to.resource },
    kind: { group: to.group, version: to.version, kind: to.kind },
    ...(r.object !== undefined && { object: retype(r.object) }),
    ...(r.oldObject !== undefined && { oldObject: retype(r.oldObject) }),
  };
  return { ...q, subject, cluster, request };
}

/** The object named `name` (a Namespace's namespace and name label too), generateName dropped. */
function renameObject(q: Query, name: string): Query {
  const r = q.request;
  const isNamespaceObject = r.resource.group === "" && r.resource.resource === "namespaces";
  const rename = (o: KubeObject | null): KubeObject | null => {
    if (!o || typeof o.metadata !== "object" || o.metadata === null) return o;
    const { generateName: _, ...meta } = o.metadata as Record<string, unknown>;
    const labels = meta.labels as Record<string, string> | undefined;
    // A stored Namespace always carries its name label (the namespace strategy's Canonicalize).
    return {
      ...o,
      metadata: {
        ...meta,
        name,
        ...(isNamespaceObject && meta.namespace !== undefined && { namespace: name }),
        ...(isNamespaceObject && { labels: { ...labels, "kubernetes.io/metadata.name": name } }),
      },
    };
  };
  const subject = mapRuleLists(q.subject, (rule) =>
    rule.resourceNames ? { ...rule, resourceNames: rule.resourceNames.map((x) => (x === r.name ? name : x)) } : rule,
  );
  return {
    ...q,
    subject,
    request: {
      ...r,
      name,
      ...(isNamespaceObject && { namespace: name }),
      ...(r.object !== undefined && { object: rename(r.object) }),
      ...(r.oldObject !== undefined && { oldObject: rename(r.oldObject) }),
    },
  };
}

function withoutLabels(o: KubeObject): KubeObject {
  const meta = o.metadata;
  if (typeof meta !== "object" || meta === null) return o;
  const { labels: _, ...rest } = meta as Record<string, unknown>;
  return { ...o, metadata: rest };
}
