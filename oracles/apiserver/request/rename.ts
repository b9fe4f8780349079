// Gives every query its own namespaces (and names of cluster-scoped objects), renamed
// consistently everywhere the query mentions them, so that queries of one batch never share state.
import { createHash } from "node:crypto";
import type { Cluster } from "../../contract/cluster.ts";
import type { AdmissionRequest, LabelSelector, MatchResources, NamedRuleWithOperations } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import type { Subject } from "../../contract/subject.ts";

export const nameLabel = "kubernetes.io/metadata.name";

export interface Renamed {
  readonly query: Query;
  /** Original namespace name -> the unique one, for every namespace the query mentions. */
  readonly namespaces: ReadonlyMap<string, string>;
  /** Original name of a cluster-scoped object -> its unique one. */
  readonly names: ReadonlyMap<string, string>;
}

/** A server message with every unique name put back as the case states it, longest first. */
export function originalNames(message: string, r: Pick<Renamed, "namespaces" | "names">): string {
  const pairs = [...r.namespaces, ...r.names].sort((a, b) => b[1].length - a[1].length);
  let m = message;
  for (const [original, unique] of pairs) m = m.split(unique).join(original);
  return m;
}

/** A DNS label of at most 63 characters: `<prefix>-<name>`, hashed when too long. */
export function uniqueName(prefix: string, name: string): string {
  const plain = `${prefix}-${name}`.toLowerCase();
  if (plain.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(plain)) return plain;
  const h = createHash("sha256").update(name).digest("hex").slice(0, 10);
  return `${prefix}-${h}`;
}

export const isNamespaceResource = (r: AdmissionRequest) =>
  r.resource.group === "" && r.resource.version === "v1" && r.resource.resource === "namespaces";

/** The query's namespaces and names mapped to its own; an unmapped one stays. */
interface Mapping {
  readonly ns: (n: string | undefined) => string | undefined;
  readonly name: (n: string | undefined) => string | undefined;
}

/**
 * The prefix of a namespace that queries share: the same name and labels give the same namespace,
 * created once per run (request/setUp.ts).
 */
export function sharedNamespacePrefix(runId: string, name: string, labels: Readonly<Record<string, string>>): string {
  const key = JSON.stringify([name, Object.entries(labels).sort()]);
  return `mc-${runId}-n${createHash("sha256").update(key).digest("hex").slice(0, 8)}`;
}

/**
 * `clusterScoped`: the request names a cluster-scoped object other than a namespace. `nsPrefix`:
 * the prefix of a namespace's unique name, when not the query's own (sharedNamespacePrefix).
 */
export function renameQuery(
  q: Query,
  prefix: string,
  clusterScoped: boolean,
  nsPrefix?: (name: string, labels: Readonly<Record<string, string>>) => string,
): Renamed {
  const ns = new Map<string, string>();
  for (const [name, labels] of Object.entries(q.cluster.namespaces ?? {}))
    ns.set(name, uniqueName(nsPrefix?.(name, labels) ?? prefix, name));
  const req = q.request;
  if (req.namespace && !ns.has(req.namespace) && isNamespaceResource(req))
    ns.set(req.namespace, uniqueName(prefix, req.namespace));
  // Names of the object under request: namespaces follow the namespace map, other cluster-scoped objects get their own.
  const names = new Map<string, string>();
  if (req.name) {
    if (isNamespaceResource(req)) names.set(req.name, ns.get(req.name) ?? uniqueName(prefix, req.name));
    else if (clusterScoped) names.set(req.name, uniqueName(prefix, req.name));
  } else if (clusterScoped && !isNamespaceResource(req)) {
    // A request without a name (a deletecollection's item) on a cluster-scoped kind acts on the
    // stored object its old object names: that one is the query's own too, else two queries of a
    // batch on one CRD store the same name (409) and pick each other's object.
    const old = (req.oldObject?.metadata as { name?: unknown } | undefined)?.name;
    if (typeof old === "string" && old !== "") names.set(old, uniqueName(prefix, old));
  }
  const m: Mapping = {
    ns: (n) => (n === undefined ? n : (ns.get(n) ?? n)),
    name: (n) => (n === undefined ? n : (names.get(n) ?? n)),
  };
  const request: AdmissionRequest = {
    ...req,
    ...(req.namespace !== undefined && { namespace: m.ns(req.namespace) }),
    ...(req.name !== undefined && { name: m.name(req.name) }),
    ...(req.object !== undefined && { object: renameObject(req.object, m) }),
    ...(req.oldObject !== undefined && { oldObject: renameObject(req.oldObject, m) }),
  } as AdmissionRequest;
  return {
    query: { ...q, subject: renameSubject(q.subject, m), cluster: renameCluster(q.cluster, m), request },
    namespaces: ns,
    names,
  };
}

function renameSelector(s: LabelSelector | undefined, m: Mapping): LabelSelector | undefined {
  if (s === undefined) return s;
  const out: { matchLabels?: Record<string, string>; matchExpressions?: LabelSelector["matchExpressions"] } = {
    ...s,
  };
  if (s.matchLabels?.[nameLabel] !== undefined)
    out.matchLabels = { ...s.matchLabels, [nameLabel]: m.ns(s.matchLabels[nameLabel]) as string };
  if (s.matchExpressions)
    out.matchExpressions = s.matchExpressions.map((e) =>
      e.key === nameLabel && e.values ? { ...e, values: e.values.map((v) => m.ns(v) as string) } : e,
    );
  return out as LabelSelector;
}

const renameRules = (rs: readonly NamedRuleWithOperations[] | undefined, m: Mapping) =>
  rs?.map((r) => (r.resourceNames ? { ...r, resourceNames: r.resourceNames.map((n) => m.name(n) as string) } : r));

function renameMatchResources(mr: MatchResources | undefined, m: Mapping): MatchResources | undefined {
  if (mr === undefined) return mr;
  const out: Record<string, unknown> = { ...mr };
  if (mr.namespaceSelector) out.namespaceSelector = renameSelector(mr.namespaceSelector, m);
  if (mr.objectSelector) out.objectSelector = renameSelector(mr.objectSelector, m);
  if (mr.resourceRules) out.resourceRules = renameRules(mr.resourceRules, m);
  if (mr.excludeResourceRules) out.excludeResourceRules = renameRules(mr.excludeResourceRules, m);
  return out as MatchResources;
}

function renameSubject(s: Subject, m: Mapping): Subject {
  if (s.kind === "MatchResources")
    return { ...s, matchResources: renameMatchResources(s.matchResources, m) as MatchResources };
  if ("policy" in s) {
    const policy = {
      ...s.policy,
      ...(s.policy.matchConstraints && { matchConstraints: renameMatchResources(s.policy.matchConstraints, m) }),
    };
    const binding = s.binding && {
      ...s.binding,
      ...(s.binding.matchResources && { matchResources: renameMatchResources(s.binding.matchResources, m) }),
    };
    return { ...s, policy, ...(binding && { binding }) } as Subject;
  }
  const w = s.webhook;
  return {
    ...s,
    webhook: {
      ...w,
      ...(w.namespaceSelector && { namespaceSelector: renameSelector(w.namespaceSelector, m) as LabelSelector }),
      ...(w.objectSelector && { objectSelector: renameSelector(w.objectSelector, m) as LabelSelector }),
    },
  };
}

function renameObject(o: AdmissionRequest["object"], m: Mapping): AdmissionRequest["object"] {
  if (o === undefined || o === null) return o;
  const md = o.metadata as Record<string, unknown> | undefined;
  if (md === undefined) return o;
  const out: Record<string, unknown> = { ...md };
  if (typeof md.namespace === "string") out.namespace = m.ns(md.namespace);
  if (typeof md.name === "string") out.name = m.name(md.name);
  const labels = md.labels as Record<string, string> | undefined;
  if (labels?.[nameLabel] !== undefined) out.labels = { ...labels, [nameLabel]: m.ns(labels[nameLabel]) };
  return { ...o, metadata: out };
}

function renameCluster(c: Cluster, m: Mapping): Cluster {
  return {
    ...c,
    ...(c.namespaces && {
      namespaces: Object.fromEntries(
        Object.entries(c.namespaces).map(([n, l]) => [
          m.ns(n) as string,
          { ...l, ...(l[nameLabel] !== undefined && { [nameLabel]: m.ns(n) as string }) },
        ]),
      ),
    }),
  };
}
