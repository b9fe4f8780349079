import type fc from "fast-check";
import type { Capabilities } from "../oracles/contract/capabilities.ts";
import { claimsSubjectAt, fullCapabilities } from "../oracles/contract/capabilities.ts";
import type { Cluster } from "../oracles/contract/cluster.ts";
import { isUnboundPolicy } from "../oracles/contract/features.ts";
import type { AdmissionRequest, EquivalentResource, GroupVersionResource } from "../oracles/contract/kube.ts";
import type { Subject, SubjectKind } from "../oracles/contract/subject.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { supportedMinors } from "../oracles/contract/versions.ts";
import { servesSubject } from "../oracles/model/decide.ts";
import { builtinEquivalents } from "../oracles/model/equivalents.ts";
import { outsideModel } from "../oracles/model/outsideModel.ts";
import type { AdmissionRequestConstraints } from "./admissionRequest.ts";
import { drawAdmissionRequest } from "./admissionRequest.ts";
import type { ClusterConstraints } from "./cluster.ts";
import { drawCluster } from "./cluster.ts";
import { shapeOf } from "./conditionShape.ts";
import type { Draw } from "./draw.ts";
import { drawn as fromDraw, memo, pick, recordDrawn, take, twoWay, weighted } from "./draw.ts";
import { drawInvalidSubject } from "./invalidSubject.ts";
import { manifestNulls } from "./manifestNulls.ts";
import { drawMatchConditions } from "./matchConditions.ts";
import type { MatchResourcesConstraints } from "./matchResources.ts";
import { drawMatchResources } from "./matchResources.ts";
import type { NamedRuleWithOperationsConstraints } from "./namedRuleWithOperations.ts";
import { drawParams } from "./params.ts";
import { drawPolicyWithBinding, mutatingOperations } from "./policyWithBinding.ts";
import type { Realm } from "./realm.ts";
import { realm } from "./realm.ts";
import { corners, exactWhere, requestsInScope, swarmInScope } from "./scenarioScope.ts";
import type { Swarm, SwarmConstraints } from "./swarm.ts";
import { swarm } from "./swarm.ts";
import { userInfo } from "./userInfo.ts";
import type { WebhookConstraints } from "./webhook.ts";
import { drawWebhook } from "./webhook.ts";

/**
 * One decision to make: a subject, the cluster it sees and a request, at a Kubernetes minor —
 * everything a `match` message of line protocol v1 carries (docs/line-protocol.md, `match`).
 */
export interface Scenario {
  readonly kubernetesVersion: Minor;
  readonly subject: Subject;
  readonly cluster: Cluster;
  readonly request: AdmissionRequest;
}

export interface ScenarioConstraints {
  readonly subjectKinds?: readonly SubjectKind[];
  readonly minors?: readonly Minor[];
  readonly swarm?: SwarmConstraints;
  /** How often the subject carries one validation defect (default 0.15; 0 for stored input). */
  readonly invalidRate?: number;
  /**
   * Manifest edges (default false; the upstream agreement turns them on): nulls where the API
   * server decodes them as omitted or "" (at nullRate), a binding's policyName, and their defects.
   */
  readonly manifestEdges?: boolean;
  /** With manifestEdges: how often a manifest writes such nulls (default 0.2; 0 for stored input). */
  readonly nullRate?: number;
  /**
   * What the implementation claims (docs/protocol-capabilities.md): every scenario lies inside it,
   * so that `outOfScope(scenario, capabilities)` is undefined (default: everything).
   */
  readonly capabilities?: Capabilities;
  /**
   * How often a policy or webhook carries matchConditions and the request a drawn userInfo
   * (default 0: the draws are exactly as before). Only with the matchConditions capability, and
   * only scenarios the reference model decides (oracles/model/outsideModel.ts).
   */
  readonly conditionRate?: number;
  /**
   * How often a policy carries a paramKind, its binding a paramRef and the cluster param objects
   * (default 0: the draws are exactly as before). Only with the params capability, and only
   * scenarios the reference model decides.
   */
  readonly paramRate?: number;
  /**
   * Inputs no real cluster produces (default false): an equivalent resource of widgets.example.com
   * registered without a kind, which the apiserver oracle calls not reproducible. On, an
   * implementation is tested on them on purpose; the upstream agreement and the clause coverage
   * turn them on, since they check the model against upstream code, not against a cluster.
   */
  readonly unrealInputs?: boolean;
}

const allKinds: readonly SubjectKind[] = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "MutatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
];

export function scenario(constraints: ScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const kinds = constraints.subjectKinds ?? allKinds;
  const minors = constraints.minors ?? supportedMinors;
  const caps = constraints.capabilities ?? fullCapabilities;
  // The kind first, then a minor that serves it: every kind is drawn as often as another.
  const served = kinds
    .map((k) => [k, minors.filter((m) => servesSubject(k, m) && claimsSubjectAt(caps, k, m))] as const)
    .filter(([, ms]) => ms.length > 0);
  if (served.length === 0) throw new Error("scenario(): no minor serves the subject kinds asked for");
  const inScope = requestsInScope(caps);
  const invalidRate = caps.features.validation ? (constraints.invalidRate ?? 0.15) : 0;
  // Nulls are manifest input, decoded before defaulting: drawn with the validation feature.
  const edges = constraints.manifestEdges === true;
  const nullRate = caps.features.validation && edges ? (constraints.nullRate ?? 0.2) : 0;
  const conditionRate = caps.features.matchConditions ? (constraints.conditionRate ?? 0) : 0;
  const unreal = constraints.unrealInputs === true;
  const invalidOptions = { manifestEdges: edges };
  const swarms = swarm(swarmInScope(constraints.swarm, caps));
  // The cluster's constraints: one object per corner's rate, a realm's own (a spread of an
  // undefined realm per scenario cost a call into the runtime).
  const keepRequestNamespace = !caps.features.missingNamespaces;
  const clusterOf = (unknownKindRate: number): ClusterConstraints => ({ unknownKindRate, keepRequestNamespace });
  const plainCluster = clusterOf(unreal ? 0.15 : 0);
  const equivalentsCluster = clusterOf(unreal ? 0.9 : 0);
  const clusterIn = (s: Swarm, r: Realm | undefined): ClusterConstraints => {
    const rates = s.focus === "equivalents" ? equivalentsCluster : plainCluster;
    if (r === undefined) return rates;
    return {
      unknownKindRate: rates.unknownKindRate ?? 0,
      keepRequestNamespace,
      namespaces: r.namespaces,
      labels: r.labels,
    };
  };
  const realms = realm();
  // One scenario of a kind of `among`, drawn first, then a minor that serves it; `before` draws
  // what a variant adds from the request and cluster before the subject, or refuses them.
  const oneOf =
    (among: typeof served, before?: Before): Draw<Scenario | undefined> =>
    (rng, bias) => {
      const [kind, ms] = pick(rng, among);
      const minor = pick(rng, ms);
      const s = take(swarms, rng, bias);
      recordDrawn(rng); // the kind, minor and swarm were drawn as one record
      const r = s.focus === "realistic" ? take(realms, rng, bias) : undefined;
      const request = drawAdmissionRequest(
        rng,
        bias,
        r === undefined ? inScope(requestFocus(s)) : inScope(realmFocus(r), false),
      );
      const c = drawCluster(rng, bias, request, clusterIn(s, r));
      const finish = before ? before(rng, bias, { kind, minor, request, cluster: c }) : asDrawn;
      if (finish === undefined) return undefined;
      // The invalid subject's roll, then the nulls' (a oneof of the subject and the one made of it,
      // each): the rolls come before the subject they change.
      const invalid = rolled(rng, invalidRate);
      const nulls = rolled(rng, nullRate);
      const valid = drawSubject(rng, bias, kind, s, targetsOf(request, c, minor, r), exactWhere(caps), edges);
      const withNulls = nulls ? take(manifestNulls(valid), rng, bias) : valid;
      const sub = invalid ? drawInvalidSubject(rng, withNulls, invalidOptions) : withNulls;
      return finish({ kubernetesVersion: minor, subject: sub, cluster: c, request });
    };
  // A policy without a binding is drawn rarely (the swarm's bindings off, 1 in 8): drawn again.
  const drawnFrom = (among: typeof served, before?: Before): Draw<Scenario> => {
    const one = oneOf(among, before);
    return (rng, bias) => {
      for (;;) {
        const sc = one(rng, bias);
        if (sc !== undefined && (caps.features.unboundPolicies || !isUnboundPolicy(sc.subject))) return sc;
      }
    };
  };
  const drawn = drawnFrom(served);
  const policyKinds = served.filter(([k]) => k === "ValidatingAdmissionPolicy" || k === "MutatingAdmissionPolicy");
  const policies = policyKinds.length > 0;
  const paramRate = caps.features.params && policies ? (constraints.paramRate ?? 0) : 0;
  if (conditionRate <= 0 && paramRate <= 0) return fromDraw(drawn);
  const conditionWeight = Math.round(conditionRate * 100);
  const paramWeight = Math.round(paramRate * 100);
  const conditions = caps.features.matchConditions;
  const invalidAllowed = caps.features.validation;
  // The conditions are drawn before the subject, and a request and cluster the model would not
  // decide with them (a CONNECT, a generateName CREATE, an object converted to an equivalent) are
  // refused before the subject is drawn: what was a redraw of 4 scenarios in 10.
  const drawnWithConditions = drawnFrom(served, (rng, bias, p) => withMatchConditions(rng, bias, p, invalidAllowed));
  const withConditions: Draw<Scenario> = (rng, bias) => insideModel(rng, bias, drawnWithConditions);
  // Params belong to policies: this variant draws the kind among the policy kinds only. The kind
  // is drawn first and uniformly, so this is the draw of every kind kept to policies (which it
  // once was, drawing other kinds again: 2.5 scenarios drawn for each kept).
  const drawnPolicy = drawnFrom(policyKinds);
  const withParams: Draw<Scenario> = (rng, bias) =>
    insideModel(rng, bias, (r, b) => {
      const sc = drawnPolicy(r, b);
      if (!("policy" in sc.subject)) throw new Error("scenario(): a policy kind drew no policy");
      const p = drawParams(r, b, sc.subject, sc.cluster, {
        conditions,
        requestNamespace: sc.request.namespace ?? "",
        invalidRate: invalidAllowed ? 0.05 : 0,
      });
      return { ...sc, ...p };
    });
  const variants = [
    { draw: drawn, weight: Math.max(0, 100 - conditionWeight - paramWeight) },
    { draw: withConditions, weight: conditionWeight },
    { draw: withParams, weight: paramWeight },
  ].filter((v) => v.weight > 0);
  const weights = variants.map((v) => v.weight);
  return fromDraw((rng, bias) => (variants[weighted(rng, weights)] as (typeof variants)[number]).draw(rng, bias));
}

/**
 * A scenario the reference model decides (oracles/model/outsideModel.ts), drawn again until it is
 * one: most are, and a filter on the whole draw keeps the distribution the runner always drew.
 */
function insideModel(rng: fc.Random, bias: number | undefined, draw: Draw<Scenario>): Scenario {
  for (;;) {
    const sc = draw(rng, bias);
    if (outsideModel(sc, shapeOf) === undefined) return sc;
  }
}

const users = userInfo();

/** What a scenario is drawn with before its subject. */
interface Prefix {
  readonly kind: SubjectKind;
  readonly minor: Minor;
  readonly request: AdmissionRequest;
  readonly cluster: Cluster;
}

/** What a variant makes of the scenario drawn after it, or undefined: the prefix is drawn again. */
type Before = (rng: fc.Random, bias: number | undefined, p: Prefix) => ((sc: Scenario) => Scenario) | undefined;

/**
 * Conditions for the policy or webhook and a drawn user for the request, or undefined when the
 * model would not decide them with this request and cluster (outsideModel reads of the subject
 * only its kind and conditions, which a stand-in of the kind carries).
 */
function withMatchConditions(
  rng: fc.Random,
  bias: number | undefined,
  p: Prefix,
  invalidAllowed: boolean,
): ((sc: Scenario) => Scenario) | undefined {
  if (p.kind === "MatchResources") return (sc) => sc;
  const conditions = drawMatchConditions(rng, bias, p.request, invalidAllowed ? 5 : 0);
  const user = take(users, rng, bias);
  recordDrawn(rng); // the conditions and the user were drawn as one record
  const request = user === undefined ? p.request : { ...p.request, userInfo: user };
  const standIn: Subject =
    p.kind === "ValidatingAdmissionPolicy" || p.kind === "MutatingAdmissionPolicy"
      ? { kind: p.kind, policy: { matchConditions: conditions } }
      : { kind: p.kind, webhook: { matchConditions: conditions } };
  const query = { kubernetesVersion: p.minor, subject: standIn, cluster: p.cluster, request };
  if (outsideModel(query, shapeOf) !== undefined) return undefined;
  return (sc) => {
    const s = sc.subject;
    const subject: Subject =
      "policy" in s
        ? { ...s, policy: { ...s.policy, matchConditions: conditions } }
        : "webhook" in s
          ? { ...s, webhook: { ...s.webhook, matchConditions: conditions } }
          : s;
    return { ...sc, subject, request };
  };
}

function requestFocus(s: Swarm): AdmissionRequestConstraints {
  return s.focus === "realistic" ? noFocus : corners[s.focus];
}

/**
 * A realm's request constraints, new with each realm (a realm seldom recurs); the list of its
 * types does recur (realm.ts), and what is worked out of it is kept by the list.
 */
function realmFocus(r: Realm): AdmissionRequestConstraints {
  return { resources: r.resources, namespaces: r.namespaces, names: r.names, labels: r.labels };
}

const noFocus: AdmissionRequestConstraints = {};

const asDrawn = (sc: Scenario) => sc;

/** Whether the subject is changed, at `rate` (a oneof of the subject and the changed one): never at 0. */
function rolled(rng: fc.Random, rate: number): boolean {
  if (rate <= 0) return false;
  const weight = Math.round(rate * 100);
  return twoWay(rng, 100 - weight, weight) === 1;
}

/** What a subject is drawn towards: the request, the labels of its namespace and of its objects. */
export interface Targets {
  readonly request: AdmissionRequest;
  readonly equivalents?: readonly GroupVersionResource[];
  readonly namespaceLabels?: Readonly<Record<string, string>>;
  readonly objectLabels?: Readonly<Record<string, string>>;
  /** A realistic scenario's focus set, which rules draw their near misses from. */
  readonly realm?: Realm;
}

function targetsOf(request: AdmissionRequest, c: Cluster, minor: Minor, r: Realm | undefined): Targets {
  const equivalents = c.equivalentResources
    ? c.equivalentResources.map((e) => e.resource)
    : resourcesOfFamily(builtinEquivalents(request.resource, request.subResource ?? "", minor));
  const objectLabels = labelsOf(request.object) ?? labelsOf(request.oldObject);
  const isNamespaceObject = request.resource.resource === "namespaces" && (request.subResource ?? "") === "";
  const namespaceLabels =
    isNamespaceObject && request.operation !== "DELETE" ? objectLabels : c.namespaces?.[request.namespace ?? ""];
  // Built key by key (a spread of a conditional object per key cost more than the rest).
  const targets: Mutable<Targets> = { request, equivalents };
  if (namespaceLabels) targets.namespaceLabels = namespaceLabels;
  if (objectLabels) targets.objectLabels = objectLabels;
  if (r) targets.realm = r;
  return targets;
}

/** A built-in family's resources: the families are fixed, and so is this list of each. */
const resourcesOfFamily = memo((family: readonly EquivalentResource[]) => family.map((e) => e.resource));

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Labels = Readonly<Record<string, string>>;

const labelsOf = (o: unknown) => (o as { metadata?: { labels?: Record<string, string> } } | null)?.metadata?.labels;

/** The constraints with the targets' labels, where they have any. */
function withLabelTargets<C extends { namespaceLabels?: Labels; objectLabels?: Labels }>(
  c: C,
  targets: Targets | undefined,
): C {
  if (targets?.namespaceLabels) c.namespaceLabels = targets.namespaceLabels;
  if (targets?.objectLabels) c.objectLabels = targets.objectLabels;
  return c;
}

export function subject(
  kind: SubjectKind,
  s: Swarm,
  targets?: Targets,
  exactIfEquivalents = false,
  policyNames = false,
): fc.Arbitrary<Subject> {
  return fromDraw((rng, bias) => drawSubject(rng, bias, kind, s, targets, exactIfEquivalents, policyNames));
}

function drawSubject(
  rng: fc.Random,
  bias: number | undefined,
  kind: SubjectKind,
  s: Swarm,
  targets?: Targets,
  exactIfEquivalents = false,
  policyNames = false,
): Subject {
  const own = targets?.request.resource;
  const exact =
    exactIfEquivalents &&
    (targets?.equivalents ?? []).some(
      (e) => e.group !== own?.group || e.version !== own.version || e.resource !== own.resource,
    );
  const matchPolicy = exact ? ("Exact" as const) : s.equivalentForced ? ("Equivalent" as const) : undefined;
  // The constraints are built key by key, as targetsOf builds its targets.
  const rules: Mutable<NamedRuleWithOperationsConstraints> = { namesRate: s.resourceNames ? 0.25 : 0 };
  if (targets) rules.target = targets.request;
  if (targets?.equivalents) rules.equivalents = targets.equivalents;
  if (s.focus === "equivalents") rules.twinShare = 1;
  if (targets?.realm) {
    rules.vocabulary = targets.realm.rules;
    rules.names = targets.realm.ruleNames;
  }
  if (kind === "MutatingAdmissionPolicy") rules.operations = mutatingOperations;
  const mr = withLabelTargets<Mutable<MatchResourcesConstraints>>(
    { rules, noSelectors: !s.selectors, noExcludes: !s.excludes },
    targets,
  );
  if (s.focus !== "none") mr.excludeTargetRate = 0.7;
  if (matchPolicy) mr.matchPolicy = matchPolicy;
  switch (kind) {
    case "MatchResources":
      return { kind, matchResources: drawMatchResources(rng, bias, mr) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const p = drawPolicyWithBinding(rng, bias, { kind, matchResources: mr, allowNoBinding: s.bindings, policyNames });
      return s.bindings ? p : { kind: p.kind, policy: p.policy };
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return drawWebhook(
        rng,
        bias,
        withLabelTargets<Mutable<WebhookConstraints>>(
          { kind, rules, noSelectors: !s.selectors, ...(matchPolicy && { matchPolicy }) },
          targets,
        ),
      );
  }
}
