// The moves a reduction tries, simplest first: a simpler subject kind, a canonical request (CREATE,
// the main resource, a core resource such as pods, a short name), then every field, list item,
// namespace and label taken away one at a time, then long label keys and values made short. Each
// move returns a whole new query; the reducer keeps it only while the divergence survives.
import type {
  AdmissionRequest,
  KubeObject,
  LabelSelector,
  MatchResources,
  Webhook,
} from "../../oracles/contract/kube.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import { removals } from "./removals.ts";

export interface Move {
  /** What the move does, in words (kept for the report's reduction trail). */
  readonly what: string;
  readonly query: Query;
  /** "inverted": the move turns an exclusion into an inclusion, so both outcomes turn round. */
  readonly outcomes?: "same" | "inverted";
  /** The move takes a field, item, namespace or label away (rather than simplifying a value). */
  readonly removes?: boolean;
  /**
   * The move repairs a side condition (a kindless equivalent, a missing namespace, a generated
   * name, an empty rule list): it is meant to change the path the decision takes.
   */
  readonly repairs?: boolean;
}

export function simplifications(q: Query): Move[] {
  return [
    ...simplerSubjects(q),
    ...excludesAsIncludes(q),
    ...canonicalRequests(q),
    ...everythingRule(q),
    ...wildcardRules(q),
    ...exactResources(q),
    ...kindedEquivalents(q),
    ...ownNamespace(q),
    ...removals(q),
    ...shorterLabels(q),
  ];
}

// ---------------------------------------------------------------------------------------------
// An exclude rule that decides is asked as the only include rule: a bug in rule matching then shows
// as itself, with match and noMatch turned round, rather than as "the exclusion did not apply".

function excludesAsIncludes(q: Query): Move[] {
  const s = q.subject;
  if (s.kind !== "MatchResources") return [];
  const excludes = s.matchResources.excludeResourceRules ?? [];
  return excludes.map((rule, i) => {
    const { excludeResourceRules: _, ...rest } = s.matchResources;
    return {
      what: `exclude rule ${i} asked as the only resource rule`,
      query: { ...q, subject: { kind: "MatchResources", matchResources: { ...rest, resourceRules: [rule] } } },
      outcomes: "inverted" as const,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Subject kinds: MatchResources is the simplest question, then a validating policy, then a
// validating webhook.

function simplerSubjects(q: Query): Move[] {
  const s = q.subject;
  const to = (what: string, subject: Subject): Move => ({ what, query: { ...q, subject } });
  switch (s.kind) {
    case "MatchResources":
      return [];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const moves: Move[] = [];
      const own = s.policy.matchConstraints;
      const bound = s.binding?.matchResources;
      if (own)
        moves.push(to("ask the policy's matchConstraints alone", { kind: "MatchResources", matchResources: own }));
      if (bound)
        moves.push(to("ask the binding's matchResources alone", { kind: "MatchResources", matchResources: bound }));
      if (s.kind === "MutatingAdmissionPolicy") {
        const { kind: _, ...rest } = s;
        moves.push(to("a validating policy instead", { ...rest, kind: "ValidatingAdmissionPolicy" }));
      }
      return moves;
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const moves = [to("ask the webhook's rules and selectors as MatchResources", asMatchResources(s.webhook))];
      if (s.kind === "MutatingWebhook")
        moves.push(to("a validating webhook instead", { ...s, kind: "ValidatingWebhook" }));
      return moves;
    }
  }
}

function asMatchResources(w: Webhook): Subject {
  const m: MatchResources = {
    ...(w.namespaceSelector && { namespaceSelector: w.namespaceSelector }),
    ...(w.objectSelector && { objectSelector: w.objectSelector }),
    resourceRules: w.rules ?? [],
    ...(w.matchPolicy !== undefined && { matchPolicy: w.matchPolicy }),
  };
  return { kind: "MatchResources", matchResources: m };
}

// ---------------------------------------------------------------------------------------------
// Rules: operations, groups and versions written as "*", one list at a time.

function wildcardRules(q: Query): Move[] {
  const moves: Move[] = [];
  const fields = ["operations", "apiGroups", "apiVersions"] as const;
  const lists = ruleCount(q.subject);
  for (let i = 0; i < lists; i++) {
    for (const field of fields) {
      let n = 0;
      let changed = false;
      const subject = mapRuleLists(q.subject, (rule) => {
        const mine = n++ === i;
        const list = rule[field];
        if (!mine || list === undefined || (list.length === 1 && list[0] === "*")) return rule;
        changed = true;
        return { ...rule, [field]: ["*"] };
      });
      if (changed) moves.push({ what: `rule ${i}'s ${field} as "*"`, query: { ...q, subject } });
    }
  }
  return moves;
}

/**
 * MatchResources without resource rules matches every request: asked instead with the one rule that
 * matches everything, so that a divergence that does not depend on the empty list shows its cause.
 */
function everythingRule(q: Query): Move[] {
  const s = q.subject;
  if (s.kind !== "MatchResources" || (s.matchResources.resourceRules ?? []).length > 0) return [];
  const all = { operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] };
  return [
    {
      what: "one rule for everything instead of no rules",
      repairs: true,
      query: {
        ...q,
        subject: { kind: "MatchResources", matchResources: { ...s.matchResources, resourceRules: [all] } },
      },
    },
  ];
}

/** A wildcard resource entry (star, star-slash-star, pods-slash-star) written as the request's own resource. */
function exactResources(q: Query): Move[] {
  const r = q.request;
  const own = r.subResource ? `${r.resource.resource}/${r.subResource}` : r.resource.resource;
  const moves: Move[] = [];
  const lists = ruleCount(q.subject);
  for (let i = 0; i < lists; i++) {
    let n = 0;
    let changed = false;
    const subject = mapRuleLists(q.subject, (rule) => {
      if (n++ !== i || rule.resources === undefined) return rule;
      const resources = [...new Set(rule.resources.map((x) => (x.includes("*") ? own : x)))];
      if (JSON.stringify(resources) === JSON.stringify(rule.resources)) return rule;
      changed = true;
      return { ...rule, resources };
    });
    if (changed) moves.push({ what: `rule ${i}'s wildcard resources as ${own}`, query: { ...q, subject } });
  }
  return moves;
}

/** The request's namespace made to exist: a missing namespace is a side condition of most bugs. */
function ownNamespace(q: Query): Move[] {
  const ns = q.request.namespace ?? "";
  if (ns === "" || q.cluster.namespaces?.[ns] !== undefined) return [];
  const isNamespaceObject = q.request.resource.group === "" && q.request.resource.resource === "namespaces";
  const what = isNamespaceObject ? `the namespace ${ns} already stored` : `the namespace ${ns} exists`;
  const make = (labels: Record<string, string>) => ({
    ...q,
    cluster: {
      ...q.cluster,
      namespaces: { ...q.cluster.namespaces, [ns]: { ...labels, "kubernetes.io/metadata.name": ns } },
    },
  });
  const wanted = labelsWanted(namespaceSelectorsOf(q.subject));
  return [
    { what, query: make({}), repairs: true },
    ...(Object.keys(wanted).length > 0
      ? [{ what: `${what}, labelled as its namespaceSelector asks`, query: make(wanted), repairs: true }]
      : []),
  ];
}

function namespaceSelectorsOf(s: Subject): LabelSelector[] {
  switch (s.kind) {
    case "MatchResources":
      return s.matchResources.namespaceSelector ? [s.matchResources.namespaceSelector] : [];
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return [s.policy.matchConstraints?.namespaceSelector, s.binding?.matchResources?.namespaceSelector].filter(
        (x): x is LabelSelector => x !== undefined,
      );
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return s.webhook.namespaceSelector ? [s.webhook.namespaceSelector] : [];
  }
}

/** Labels that satisfy the selectors' matchLabels and In requirements (the first value of each). */
function labelsWanted(selectors: readonly LabelSelector[]): Record<string, string> {
  const labels: Record<string, string> = {};
  // A manifest's nulls: a null selector selects nothing more, a null value is "" once decoded.
  for (const sel of selectors) {
    if (sel === null) continue;
    for (const [k, v] of Object.entries(sel.matchLabels ?? {})) labels[k] = v ?? "";
    for (const r of sel.matchExpressions ?? [])
      if (r !== null && (r.operator === "In" || r.operator === "Exists") && labels[r.key] === undefined)
        labels[r.key] = r.values?.[0] ?? "";
  }
  delete labels["kubernetes.io/metadata.name"];
  return labels;
}

function ruleCount(s: Subject): number {
  let n = 0;
  mapRuleLists(s, (rule) => {
    n++;
    return rule;
  });
  return n;
}

/** A kindless equivalent given the request's kind name: the error it causes is a side condition. */
function kindedEquivalents(q: Query): Move[] {
  const equivalents = q.cluster.equivalentResources ?? [];
  return equivalents.flatMap((e, i) => {
    if (e.kind.kind !== "") return [];
    const kind = { group: e.resource.group, version: e.resource.version, kind: q.request.kind.kind };
    const equivalentResources = equivalents.map((x, j) => (j === i ? { ...x, kind } : x));
    return [
      {
        what: `equivalent ${i} with its kind`,
        query: { ...q, cluster: { ...q.cluster, equivalentResources } },
        repairs: true,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// The request: CREATE, the main resource, pods (or nodes when cluster-scoped), the name "web".

interface Canonical {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
}

const pods: Canonical = { group: "", version: "v1", resource: "pods", kind: "Pod" };
const nodes: Canonical = { group: "", version: "v1", resource: "nodes", kind: "Node" };

function canonicalRequests(q: Query): Move[] {
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
  if (!isNamespaceObject && (r.subResource ?? "") === "" && r.operation !== "CONNECT") {
    const renamed = renameResource(q, canonical);
    if (renamed)
      moves.push({ what: `the resource ${canonical.resource} instead of ${r.resource.resource}`, query: renamed });
  }
  if (r.name && r.name !== "web") moves.push({ what: "the name web", query: renameObject(q, "web") });
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

interface AnyRule {
  readonly operations?: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly apiVersions?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
}

function mapRules(s: Subject, f: (resource: string) => string): Subject {
  return mapRuleLists(s, (rule) => (rule.resources ? { ...rule, resources: rule.resources.map(f) } : rule));
}

/**
 * Applies `f` to every rule of the subject: resourceRules, excludeResourceRules, webhook rules. A
 * manifest's null rule (decoded as the empty rule) is left as it is: removals may take it out.
 */
function mapRuleLists(s: Subject, g: (rule: AnyRule) => AnyRule): Subject {
  const f = (rule: AnyRule): AnyRule => ((rule as AnyRule | null) === null ? rule : g(rule));
  const inMr = (m: MatchResources | undefined): MatchResources | undefined =>
    m && {
      ...m,
      ...(m.resourceRules && { resourceRules: m.resourceRules.map((r) => f(r as AnyRule)) }),
      ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map((r) => f(r as AnyRule)) }),
    };
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: inMr(s.matchResources) ?? {} };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const constraints = inMr(s.policy.matchConstraints);
      const bound = inMr(s.binding?.matchResources);
      return {
        ...s,
        policy: { ...s.policy, ...(constraints && { matchConstraints: constraints }) },
        ...(s.binding && { binding: { ...s.binding, ...(bound && { matchResources: bound }) } }),
      };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return {
        ...s,
        webhook: { ...s.webhook, ...(s.webhook.rules && { rules: s.webhook.rules.map((r) => f(r as AnyRule)) }) },
      };
  }
}

// ---------------------------------------------------------------------------------------------
// Labels: a long key or value renamed everywhere it appears (selectors, objects, namespaces).

const shortKeys = ["app", "team", "env"];
const shortValues = ["web", "db", "prod"];

function shorterLabels(q: Query): Move[] {
  const text = JSON.stringify(q);
  const keys = new Set<string>();
  const values = new Set<string>();
  collectLabels(q, keys, values);
  const moves: Move[] = [];
  for (const key of keys) {
    if (key === "kubernetes.io/metadata.name" || shortKeys.includes(key)) continue;
    const to = shortKeys.find((k) => !keys.has(k));
    if (to) moves.push({ what: `the label key ${to} instead of ${key}`, query: replaceString(text, key, to) });
  }
  for (const value of values) {
    if (value === "" || shortValues.includes(value) || value.length <= 3) continue;
    const to = shortValues.find((v) => !values.has(v));
    if (to) moves.push({ what: `the label value ${to} instead of ${value}`, query: replaceString(text, value, to) });
  }
  return moves;
}

/** Label keys and values wherever they appear: labels, matchLabels, matchExpressions. */
function collectLabels(q: Query, keys: Set<string>, values: Set<string>): void {
  const visit = (node: unknown, parent: string): void => {
    if (Array.isArray(node)) {
      for (const x of node) {
        if (parent === "values" && typeof x === "string") values.add(x);
        else visit(x, parent);
      }
      return;
    }
    if (typeof node !== "object" || node === null) return;
    for (const [k, v] of Object.entries(node)) {
      if (parent === "labels" || parent === "matchLabels") {
        keys.add(k);
        if (typeof v === "string") values.add(v);
      } else if (k === "key" && parent === "matchExpressions" && typeof v === "string") keys.add(v);
      else visit(v, k);
    }
  };
  visit(q.subject, "");
  visit(q.request.object, "");
  visit(q.request.oldObject, "");
  for (const labels of Object.values(q.cluster.namespaces ?? {})) visit({ labels }, "");
}

/** Every JSON string equal to `from` becomes `to`; keys of maps included. */
function replaceString(json: string, from: string, to: string): Query {
  return JSON.parse(json.split(JSON.stringify(from)).join(JSON.stringify(to))) as Query;
}
