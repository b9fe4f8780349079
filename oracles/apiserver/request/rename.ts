// Gives every query its own namespaces (and names of cluster-scoped objects), renamed
// consistently everywhere the query mentions them, so that queries of one batch never share state.
import { createHash } from "node:crypto";
import type { Cluster } from "../../contract/cluster.ts";
import type { AdmissionRequest, LabelSelector, MatchResources, NamedRuleWithOperations } from "../../contract/kube.ts";
import type { Subject } from "../../contract/subject.ts";
import type { Query } from "../../invariants/invariant.ts";

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

/** `clusterScopedName`: the request names a cluster-scoped object other than a namespace. */
export function renameQuery(q: Query, prefix: string, clusterScoped: boolean): Renamed {
  const ns = new Map<string, string>();
  for (const name of Object.keys(q.cluster.namespaces ?? {})) ns.set(name, uniqueName(prefix, name));
  const req = q.request;
  if (req.namespace && !ns.has(req.namespace) && isNamespaceResource(req))
    ns.set(req.namespace, uniqueName(prefix, req.namespace));
  // Names of the object under request: namespaces follow the namespace map, other cluster-scoped objects get their own.
  const names = new Map<string, string>();
  if (req.name) {
    if (isNamespaceResource(req)) names.set(req.name, ns.get(req.name) ?? uniqueName(prefix, req.name));
    else if (clusterScoped) names.set(req.name, uniqueName(prefix, req.name));
  }
  const mapNs = (n: string | undefined) => (n === undefined ? n : (ns.get(n) ?? n));
  const mapName = (n: string | undefined) => (n === undefined ? n : (names.get(n) ?? n));

  const selector = (s: LabelSelector | undefined): LabelSelector | undefined => {
    if (s === undefined) return s;
    const out: { matchLabels?: Record<string, string>; matchExpressions?: LabelSelector["matchExpressions"] } = {
      ...s,
    };
    if (s.matchLabels?.[nameLabel] !== undefined)
      out.matchLabels = { ...s.matchLabels, [nameLabel]: mapNs(s.matchLabels[nameLabel]) as string };
    if (s.matchExpressions)
      out.matchExpressions = s.matchExpressions.map((e) =>
        e.key === nameLabel && e.values ? { ...e, values: e.values.map((v) => mapNs(v) as string) } : e,
      );
    return out as LabelSelector;
  };
  const rules = (rs: readonly NamedRuleWithOperations[] | undefined) =>
    rs?.map((r) => (r.resourceNames ? { ...r, resourceNames: r.resourceNames.map((n) => mapName(n) as string) } : r));
  const mr = (m: MatchResources | undefined): MatchResources | undefined => {
    if (m === undefined) return m;
    const out: Record<string, unknown> = { ...m };
    if (m.namespaceSelector) out.namespaceSelector = selector(m.namespaceSelector);
    if (m.objectSelector) out.objectSelector = selector(m.objectSelector);
    if (m.resourceRules) out.resourceRules = rules(m.resourceRules);
    if (m.excludeResourceRules) out.excludeResourceRules = rules(m.excludeResourceRules);
    return out as MatchResources;
  };
  const subject = ((): Subject => {
    const s = q.subject;
    if (s.kind === "MatchResources") return { ...s, matchResources: mr(s.matchResources) as MatchResources };
    if ("policy" in s) {
      const policy = {
        ...s.policy,
        ...(s.policy.matchConstraints && { matchConstraints: mr(s.policy.matchConstraints) }),
      };
      const binding = s.binding && {
        ...s.binding,
        ...(s.binding.matchResources && { matchResources: mr(s.binding.matchResources) }),
      };
      return { ...s, policy, ...(binding && { binding }) } as Subject;
    }
    const w = s.webhook;
    return {
      ...s,
      webhook: {
        ...w,
        ...(w.namespaceSelector && { namespaceSelector: selector(w.namespaceSelector) as LabelSelector }),
        ...(w.objectSelector && { objectSelector: selector(w.objectSelector) as LabelSelector }),
      },
    };
  })();

  const object = (o: AdmissionRequest["object"]) => {
    if (o === undefined || o === null) return o;
    const md = o.metadata as Record<string, unknown> | undefined;
    if (md === undefined) return o;
    const m: Record<string, unknown> = { ...md };
    if (typeof md.namespace === "string") m.namespace = mapNs(md.namespace);
    if (typeof md.name === "string") m.name = mapName(md.name);
    const labels = md.labels as Record<string, string> | undefined;
    if (labels?.[nameLabel] !== undefined) m.labels = { ...labels, [nameLabel]: mapNs(labels[nameLabel]) };
    return { ...o, metadata: m };
  };
  const cluster: Cluster = {
    ...q.cluster,
    ...(q.cluster.namespaces && {
      namespaces: Object.fromEntries(
        Object.entries(q.cluster.namespaces).map(([n, l]) => [
          mapNs(n) as string,
          { ...l, ...(l[nameLabel] !== undefined && { [nameLabel]: mapNs(n) as string }) },
        ]),
      ),
    }),
  };
  const request: AdmissionRequest = {
    ...req,
    ...(req.namespace !== undefined && { namespace: mapNs(req.namespace) }),
    ...(req.name !== undefined && { name: mapName(req.name) }),
    ...(req.object !== undefined && { object: object(req.object) }),
    ...(req.oldObject !== undefined && { oldObject: object(req.oldObject) }),
  } as AdmissionRequest;
  return { query: { ...q, subject, cluster, request }, namespaces: ns, names };
}
