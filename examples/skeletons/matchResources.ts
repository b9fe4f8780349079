// The matcher of both skeletons: where your own code goes. It answers one narrow scope of line
// protocol v1 correctly, and says so in `ready.capabilities` so that the runner sends nothing
// else (docs/protocol-capabilities.md): MatchResources subjects, CREATE of main resources of the
// built-in groups, subjects already defaulted and valid (`input: "stored"`), no Equivalent pass,
// no exemptions and no missing namespaces. Widen the claim as your matcher grows: every field you
// drop from `capabilities` (or set to true) is then tested.
//
// The types below are the parts of docs/line-protocol.md that this scope reads; they are declared
// here so that the file can be copied out of the repository as it is.

export interface GroupVersionResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
}

export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

type Labels = Readonly<Record<string, string>>;

type Operator = "In" | "NotIn" | "Exists" | "DoesNotExist";

interface LabelSelector {
  readonly matchLabels?: Labels;
  readonly matchExpressions?: readonly {
    readonly key: string;
    readonly operator: Operator;
    readonly values?: readonly string[];
  }[];
}

interface Rule {
  readonly operations: readonly string[];
  readonly apiGroups: readonly string[];
  readonly apiVersions: readonly string[];
  readonly resources: readonly string[];
  readonly scope: "*" | "Cluster" | "Namespaced";
  readonly resourceNames?: readonly string[];
}

/** A MatchResources as `input: "stored"` sends it: every default written out. */
interface MatchResources {
  readonly namespaceSelector: LabelSelector;
  readonly objectSelector: LabelSelector;
  readonly resourceRules?: readonly Rule[];
  readonly excludeResourceRules?: readonly Rule[];
  readonly matchPolicy: "Exact" | "Equivalent";
}

interface KubeObject {
  readonly metadata?: { readonly labels?: Labels };
}

export interface MatchMessage {
  readonly cmd: "match";
  readonly seq: number;
  readonly kubernetesVersion: string;
  readonly subject: { readonly kind: string; readonly matchResources?: MatchResources };
  readonly cluster: { readonly namespaces: Readonly<Record<string, Labels>> };
  readonly request: {
    readonly operation: string;
    readonly resource: GroupVersionResource;
    readonly subResource?: string;
    readonly kind: GroupVersionKind;
    readonly namespace?: string;
    readonly name?: string;
    readonly object?: KubeObject | null;
    readonly oldObject?: KubeObject | null;
  };
}

export type Answer =
  | {
      readonly seq: number;
      readonly outcome: "match";
      readonly matchedResource: GroupVersionResource;
      readonly matchedKind: GroupVersionKind;
    }
  | { readonly seq: number; readonly outcome: "noMatch" }
  | { readonly seq: number; readonly skipped: { readonly message: string } }
  | { readonly seq: number; readonly errored: { readonly message: string; readonly detail?: string } };

/** The answer to `{"cmd":"start","version":1}`. */
export const ready = {
  ready: true,
  version: 1,
  implementation: { name: "skeleton-matcher", version: "0.1.0", language: "typescript" },
  subjects: ["MatchResources"],
  input: "stored",
  kubernetesVersions: ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"],
  capabilities: {
    operations: ["CREATE"],
    subresources: [],
    features: { equivalent: false, exemptions: false, missingNamespaces: false, customResources: false },
  },
} as const;

/** Decides one `match` message (k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go). */
export function answer(message: MatchMessage): Answer {
  const { seq, subject, request } = message;
  const m = subject.matchResources;
  if (subject.kind !== "MatchResources" || m === undefined)
    return { seq, skipped: { message: `${subject.kind} is outside the declared scope` } };
  const matched = {
    seq,
    outcome: "match",
    matchedResource: request.resource,
    matchedKind: request.kind,
  } as const;
  if (!namespaceSelectorMatches(m.namespaceSelector, message)) return { seq, outcome: "noMatch" };
  if (!selectorMatches(m.objectSelector, labelsOf(request.object))) return { seq, outcome: "noMatch" };
  if (anyRuleMatches(m.excludeResourceRules ?? [], message)) return { seq, outcome: "noMatch" };
  // An empty or absent resourceRules matches every resource (a binding's matchResources).
  const rules = m.resourceRules ?? [];
  if (rules.length === 0 || anyRuleMatches(rules, message)) return matched;
  return { seq, outcome: "noMatch" };
}

// namespace/matcher.go: a cluster-scoped request is never excluded; a Namespace's own CREATE is
// matched on the labels of the object being created; everything else on the stored labels.
function namespaceSelectorMatches(selector: LabelSelector, { request, cluster }: MatchMessage): boolean {
  const namespace = request.namespace ?? "";
  if (namespace === "" && request.resource.resource !== "namespaces") return true;
  if (isEmpty(selector)) return true;
  const labels = request.resource.resource === "namespaces" ? labelsOf(request.object) : cluster.namespaces[namespace];
  return selectorMatches(selector, labels ?? {});
}

// rules/rules.go Matcher.Matches, and matching.go's resourceNames check.
function anyRuleMatches(rules: readonly Rule[], { request }: MatchMessage): boolean {
  const name = request.name ?? "";
  return rules.some(
    (r) =>
      scopeMatches(r.scope, request.resource, request.namespace ?? "") &&
      listed(r.operations, request.operation) &&
      listed(r.apiGroups, request.resource.group) &&
      listed(r.apiVersions, request.resource.version) &&
      r.resources.some((entry) => resourceMatches(entry, request.resource.resource, request.subResource ?? "")) &&
      (r.resourceNames === undefined || r.resourceNames.length === 0 || r.resourceNames.includes(name)),
  );
}

function listed(items: readonly string[], requested: string): boolean {
  return items.includes("*") || items.includes(requested);
}

function resourceMatches(entry: string, resource: string, subResource: string): boolean {
  const [res = "", sub = ""] = entry.split("/", 2);
  return (res === "*" || res === resource) && (sub === "*" || sub === subResource);
}

// A Namespace object is cluster-scoped although its request carries its own name as namespace.
function scopeMatches(scope: Rule["scope"], resource: GroupVersionResource, namespace: string): boolean {
  const isNamespaceObject = resource.group === "" && resource.version === "v1" && resource.resource === "namespaces";
  if (scope === "Namespaced") return !isNamespaceObject && namespace !== "";
  if (scope === "Cluster") return isNamespaceObject || namespace === "";
  return true;
}

function labelsOf(object: KubeObject | null | undefined): Labels {
  return object?.metadata?.labels ?? {};
}

function isEmpty(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}

// k8s.io/apimachinery pkg/labels: every requirement holds.
function selectorMatches(selector: LabelSelector, labels: Labels): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  return byLabel && (selector.matchExpressions ?? []).every((e) => holds[e.operator](labels, e.key, e.values ?? []));
}

const holds: Record<Operator, (labels: Labels, key: string, values: readonly string[]) => boolean> = {
  In: (labels, key, values) => Object.hasOwn(labels, key) && values.includes(labels[key] ?? ""),
  NotIn: (labels, key, values) => !Object.hasOwn(labels, key) || !values.includes(labels[key] ?? ""),
  Exists: (labels, key) => Object.hasOwn(labels, key),
  DoesNotExist: (labels, key) => !Object.hasOwn(labels, key),
};
