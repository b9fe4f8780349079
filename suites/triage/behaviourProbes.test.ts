// The counterfactual probes (rules/counterfactual.ts), one row each: a matcher with the behaviour,
// on a minimal case where it shows, is named for that behaviour; the reference model on the same
// case (no divergence) sets off no probe; and a matcher with another bug on the same ground (a CEL
// function evaluated otherwise) is not named for a behaviour it does not have.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { KubeObject, MatchResources } from "../../oracles/contract/kube.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import { decide } from "../../oracles/model/decide.ts";
import { outOfScope } from "../../oracles/scope/whyNotSent.ts";
import { diagnosisOf, titleOf } from "./bucketKey.ts";
import { firstFinding } from "./rules/index.ts";
import { conditionsOf, mapMatching, withConditions } from "./rules/rewrite.ts";
import type { TriageContext } from "./triageContext.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const started: Matcher[] = [];
// Closed together, with time to spare: one after another, some twenty children outlast the hook's
// 10 s on a loaded machine.
afterAll(async () => {
  await Promise.all(started.map((m) => m.close()));
}, 60_000);

async function child(command: string): Promise<Matcher> {
  const m = await startChildMatcher(command);
  started.push(m);
  return m;
}
const simple = (bug: string) => () => child(`node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bug}`);
const offline = (bug: string) => () =>
  child(`node ${root("examples/offline-evaluator/offline-evaluator.mjs")} --bug ${bug}`);
const paramsLoop = (bug: string) => () =>
  child(`node ${root("suites/triage/fixtures/params-loop-matcher.mjs")} --bug ${bug}`);

/** The model deciding `rewrite(q)` instead of `q`: a behaviour written as what the tool misreads. */
const misreading = (rewrite: (q: Query) => Query) => async (): Promise<Matcher> => {
  const model = modelMatcher();
  return { ...model, match: (q) => model.match(rewrite(q)) };
};

const context = (matcher: Pick<Matcher, "match">): TriageContext => ({
  matcher,
  model: (q) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion),
  allows: () => true,
  decidedBy: () => "model",
  referenceOutcome: async (q) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome,
  outcomeOf: async (q) => {
    const a = await matcher.match(q);
    return a.answer === "outcome" ? a.outcome : undefined;
  },
});

/** The title the triage rules give the case, as the implementation answers it; undefined when no rule names it. */
async function titleFor(matcher: Pick<Matcher, "match">, q: Query): Promise<string | undefined> {
  const ctx = context(matcher);
  const answer = await matcher.match(q);
  const finding = await firstFinding(ctx, { query: q, answer, reduced: true, off: undefined, words: undefined });
  if (finding === undefined) return undefined;
  const model = ctx.model(q);
  return titleOf(finding.rekey(diagnosisOf(q, model.clauses, model.outcome.outcome, answer)));
}

const object = (apiVersion: string, kind: string, metadata: KubeObject): KubeObject => ({ apiVersion, kind, metadata });
const cluster = { namespaces: { default: { "kubernetes.io/metadata.name": "default" } } };
const rule = (apiGroups: string[], apiVersions: string[], resources: string[], more = {}) => ({
  operations: ["*"],
  apiGroups,
  apiVersions,
  resources,
  ...more,
});
const matchResources = (mr: MatchResources): Subject => ({ kind: "MatchResources", matchResources: mr });
const query = (subject: Subject, request: Query["request"], c: Query["cluster"] = cluster): Query => ({
  kubernetesVersion: "1.37",
  subject,
  cluster: c,
  request,
});

/** A CREATE in namespace default of `group/version` `resource` (kind `kind`). */
const create = (
  group: string,
  resource: string,
  kind: string,
  name: string,
  metadata?: KubeObject,
): Query["request"] => ({
  operation: "CREATE",
  resource: { group, version: "v1", resource },
  kind: { group, version: "v1", kind },
  namespace: "default",
  name,
  object: object(group === "" ? "v1" : `${group}/v1`, kind, metadata ?? { name, namespace: "default" }),
});
const coreEvent = create("", "events", "Event", "web.17a");
const eventsRule = rule(["events.k8s.io"], ["v1"], ["events"]);
const pod = (name: string, metadata?: KubeObject) => create("", "pods", "Pod", name, metadata);
const gateway = create("gateway.networking.k8s.io", "gateways", "Gateway", "public");
const webhookOnPods = (expression: string): Subject => ({
  kind: "ValidatingWebhook",
  webhook: { rules: [rule([""], ["v1"], ["pods"])], matchConditions: [{ name: "c", expression }] },
});
const everything = rule(["*"], ["*"], ["*"]);
/** A generateName CREATE of a Namespace under a webhook selecting namespaces without the name label. */
const generateNameNamespace = query(
  {
    kind: "MutatingWebhook",
    webhook: {
      rules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["namespaces"] }],
      namespaceSelector: { matchExpressions: [{ key: "kubernetes.io/metadata.name", operator: "DoesNotExist" }] },
    },
  },
  {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "namespaces" },
    kind: { group: "", version: "v1", kind: "Namespace" },
    namespace: "",
    name: "",
    object: object("v1", "Namespace", { generateName: "team-", labels: {} }),
  },
  {},
);

const exactEverywhere = (q: Query): Query => ({
  ...q,
  subject: mapMatching(q.subject, (m) => ({ ...m, matchPolicy: "Exact" })),
});

/** A policy on every request with `policy` and `binding` merged in: Kyverno's offline path's mistakes. */
const policyOn = (policy: object, binding: object): Subject =>
  ({
    kind: "ValidatingAdmissionPolicy",
    policy: { failurePolicy: "Fail", matchConstraints: { resourceRules: [everything] }, ...policy },
    binding,
  }) as Subject;
const limitsKind = { apiVersion: "example.com/v1", kind: "Limits" };
const served = { customKinds: [{ ...limitsKind, scope: "Namespaced" as const }] };
const limits = (namespace: string, more: object = {}) => ({
  ...limitsKind,
  metadata: { name: "limits", namespace },
  ...more,
});
const configMap = create("", "configmaps", "ConfigMap", "settings");
const deletePod: Query["request"] = {
  ...pod("web"),
  operation: "DELETE",
  object: null,
  oldObject: object("v1", "Pod", { name: "web", namespace: "default" }),
};

const clusterLimitsKind = { apiVersion: "example.com/v1", kind: "ClusterLimits" };
const podsNamed = (name: string) => rule([""], ["v1"], ["pods"], { resourceNames: [name] });
/** A pod CREATE with generateName web- and no name yet. */
const generatedPod = pod("", { generateName: "web-", namespace: "default" });

interface Row {
  readonly behaviour: string;
  readonly matcher: () => Promise<Matcher>;
  readonly query: Query;
  /** Undefined: no probe names it (the deciding clause does). */
  readonly title: RegExp | undefined;
}

const rows: readonly Row[] = [
  {
    behaviour: "ignores matchPolicy: Equivalent",
    matcher: misreading(exactEverywhere),
    query: query(matchResources({ matchPolicy: "Equivalent", resourceRules: [eventsRule] }), coreEvent),
    title: /^ignores matchPolicy: Equivalent: /,
  },
  {
    behaviour: "takes an omitted matchPolicy as Exact",
    matcher: simple("omitted-matchpolicy-exact"),
    query: query(matchResources({ resourceRules: [eventsRule] }), coreEvent),
    title: /^takes an omitted matchPolicy as Exact: /,
  },
  {
    // A case file's `matchPolicy: null` (suites/cases/nulls.yaml) is omitted to kube-apiserver too.
    behaviour: "takes an omitted matchPolicy as Exact",
    matcher: simple("omitted-matchpolicy-exact"),
    query: query(matchResources({ matchPolicy: null as unknown as string, resourceRules: [eventsRule] }), coreEvent),
    title: /^takes an omitted matchPolicy as Exact: /,
  },
  {
    behaviour: "does not evaluate matchConditions",
    matcher: offline("conditions-never-evaluated"),
    query: query(webhookOnPods('object.metadata.name.startsWith("x")'), pod("web")),
    title: /^does not evaluate matchConditions: /,
  },
  {
    behaviour: "derives the resource from the kind",
    matcher: offline("plural-from-kind"),
    query: query(
      matchResources({ resourceRules: [rule(["gateway.networking.k8s.io"], ["v1"], ["gateways"])] }),
      gateway,
    ),
    title: /^derives the resource from the kind \(guesses the plural\): /,
  },
  {
    behaviour: 'takes resourceNames "*" as a wildcard',
    matcher: offline("resource-names-star"),
    query: query(
      matchResources({ resourceRules: [rule([""], ["v1"], ["pods"], { resourceNames: ["*"] })] }),
      pod("web"),
    ),
    title: /^takes resourceNames "\*" as a wildcard: /,
  },
  {
    behaviour: "treats generateName as the name",
    matcher: misreading((q) => {
      const meta = (q.request.object?.metadata ?? {}) as { generateName?: string };
      return meta.generateName ? { ...q, request: { ...q.request, name: meta.generateName } } : q;
    }),
    query: query(
      matchResources({ resourceRules: [rule([""], ["v1"], ["pods"], { resourceNames: ["web-"] })] }),
      pod("", { generateName: "web-", namespace: "default" }),
    ),
    title: /^treats generateName as the name: /,
  },
  {
    behaviour: "does not exempt the admission configuration kinds",
    matcher: simple("no-exemptions"),
    query: query(
      { kind: "ValidatingWebhook", webhook: { rules: [rule(["*"], ["*"], ["*/*"])] } },
      {
        operation: "CREATE",
        resource: { group: "admissionregistration.k8s.io", version: "v1", resource: "validatingwebhookconfigurations" },
        kind: { group: "admissionregistration.k8s.io", version: "v1", kind: "ValidatingWebhookConfiguration" },
        name: "demo",
        object: object("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", { name: "demo" }),
      },
    ),
    title: /^does not exempt what kube-apiserver never sends to policies and webhooks: /,
  },
  {
    // With no-binding-still-evaluated too, the reducer kept no binding (kube-apiserver exempts the
    // review before it looks at bindings): made a Node, the policy needs binding {} for the
    // divergence to disappear, else the cause kept its clause (30 combinations, seed 3).
    behaviour: "does not exempt the auth reviews, on an unbound policy",
    matcher: simple("no-exemptions,no-binding-still-evaluated"),
    query: query(
      {
        kind: "ValidatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [rule(["*"], ["*"], ["selfsubjectreviews"])] } },
      },
      {
        operation: "CREATE",
        resource: { group: "authentication.k8s.io", version: "v1", resource: "selfsubjectreviews" },
        kind: { group: "authentication.k8s.io", version: "v1", kind: "SelfSubjectReview" },
        object: { apiVersion: "authentication.k8s.io/v1", kind: "SelfSubjectReview" },
      },
      {},
    ),
    title: /^does not exempt what kube-apiserver never sends to policies and webhooks: /,
  },
  {
    behaviour: "decides a namespaceSelector on a missing namespace",
    matcher: simple("missing-namespace-no-match"),
    query: query(
      matchResources({ namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: [everything] }),
      pod("web"),
      {},
    ),
    title: /^decides a namespaceSelector on a namespace that does not exist: /,
  },
  {
    behaviour: "looks up a namespace kube-apiserver does not ask for",
    matcher: simple("selector-error-always"),
    query: query(
      matchResources({
        namespaceSelector: { matchLabels: { team: "a" } },
        resourceRules: [rule([""], ["v1"], ["secrets"])],
      }),
      pod("web"),
      {},
    ),
    title: /^fails the request on a namespaceSelector's lookup error before the rules decide: /,
  },
  {
    behaviour: "does not look up a matched policy's namespace",
    matcher: simple("no-namespace-object-lookup"),
    query: query(
      { kind: "ValidatingAdmissionPolicy", policy: { matchConstraints: { resourceRules: [everything] } }, binding: {} },
      pod("web"),
      {},
    ),
    title: /^does not look up the request's namespace for a matched policy: /,
  },
  {
    behaviour: "dispatches a MutatingAdmissionPolicy for DELETE",
    matcher: simple("mutating-policy-handles-delete"),
    query: query(
      { kind: "MutatingAdmissionPolicy", policy: { matchConstraints: { resourceRules: [everything] } }, binding: {} },
      deletePod,
    ),
    title: /^dispatches a MutatingAdmissionPolicy for DELETE as it would a validating one: /,
  },
  {
    // The same with a mutating policy on DELETE (30 combinations, seed 4).
    behaviour: "dispatches a MutatingAdmissionPolicy for DELETE, unbound",
    matcher: simple("mutating-policy-handles-delete,no-binding-still-evaluated"),
    query: query(
      {
        kind: "MutatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [rule(["*"], ["*"], ["pods"])] } },
      },
      deletePod,
    ),
    title: /^dispatches a MutatingAdmissionPolicy for DELETE as it would a validating one: /,
  },
  {
    behaviour: "drops a configuration error when the binding only warns",
    matcher: simple("config-error-respects-warn"),
    query: query(
      {
        kind: "ValidatingAdmissionPolicy",
        policy: {
          failurePolicy: "Fail",
          matchConstraints: { namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: [everything] },
        },
        binding: { validationActions: ["Warn"] },
      },
      pod("web"),
      {},
    ),
    title: /^drops a policy's configuration error .* when its binding only warns or audits: /,
  },
  {
    behaviour: "swallows a selector's error under failurePolicy Ignore",
    matcher: simple("webhook-ignore-swallows-errors"),
    query: query(
      {
        kind: "ValidatingWebhook",
        webhook: { failurePolicy: "Ignore", namespaceSelector: { matchLabels: { team: "a" } }, rules: [everything] },
      },
      pod("web"),
      {},
    ),
    title: /^swallows a webhook's selector errors .* under failurePolicy Ignore: /,
  },
  {
    behaviour: "matches a Namespace on its stored labels",
    matcher: simple("namespace-object-stored-labels"),
    query: query(
      matchResources({ namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: [everything] }),
      {
        operation: "CREATE",
        resource: { group: "", version: "v1", resource: "namespaces" },
        kind: { group: "", version: "v1", kind: "Namespace" },
        namespace: "team-a",
        name: "team-a",
        object: object("v1", "Namespace", { name: "team-a", labels: { team: "a" } }),
      },
      {},
    ),
    title: /^matches a Namespace CREATE or UPDATE on the stored namespace's labels: /,
  },
  {
    // The lookup of "" fails the request (a 500), where kube-apiserver reads the object's labels.
    behaviour: "matches a Namespace on its stored labels (a generateName CREATE)",
    matcher: simple("namespace-object-stored-labels"),
    query: generateNameNamespace,
    title: /^matches a Namespace CREATE or UPDATE on the stored namespace's labels: /,
  },
  {
    // Not "matches a Namespace on its stored labels": named, it agrees with no namespace stored.
    behaviour: "fails every unnamed request (a neighbour of a Namespace matched on its stored labels)",
    matcher: async () => {
      const model = modelMatcher();
      return {
        ...model,
        match: async (q: Query) =>
          (q.request.name ?? "") === ""
            ? {
                answer: "outcome" as const,
                outcome: { outcome: "error" as const, code: 500, message: "name required" },
              }
            : model.match(q),
      };
    },
    query: generateNameNamespace,
    title: undefined,
  },
  {
    // Not "ignores matchPolicy: Equivalent": it honours Equivalent, in the wrong order.
    behaviour: "tries each rule's equivalents before the next rule (not ignoring Equivalent)",
    matcher: simple("exact-pass-per-rule"),
    query: query(matchResources({ resourceRules: [eventsRule, rule([""], ["v1"], ["events"])] }), coreEvent),
    title: /^tries each rule through the equivalent resources before the next rule on the request's own resource: /,
  },
  {
    // Not "derives the resource from the kind": renamed with its equivalents, it still diverges.
    behaviour: "tries each rule's equivalents first, on a custom resource (not guessing plurals)",
    matcher: simple("exact-pass-per-rule"),
    query: query(
      matchResources({
        resourceRules: [
          rule(["gateway.networking.k8s.io"], ["v1beta1"], ["gateways"]),
          rule(["gateway.networking.k8s.io"], ["v1"], ["gateways"]),
        ],
      }),
      gateway,
      {
        ...cluster,
        equivalentResources: ["v1", "v1beta1"].map((version) => ({
          resource: { group: "gateway.networking.k8s.io", version, resource: "gateways" },
          kind: { group: "gateway.networking.k8s.io", version, kind: "Gateway" },
        })),
      },
    ),
    title: /^tries each rule through the equivalent resources before the next rule on the request's own resource: /,
  },
  {
    // Not "treats generateName as the name": it never matches the name "", prefix or not.
    behaviour: 'never matches the name "" (not generateName as the name)',
    matcher: simple("resource-names-ignore-empty"),
    query: query(
      matchResources({ resourceRules: [rule([""], ["v1"], ["pods"], { resourceNames: [""] })] }),
      pod("", { generateName: "web-", namespace: "default" }),
    ),
    title: /^never matches resourceNames "" to a request without a name: /,
  },
  {
    // seed 7 crossed "x/y", seed 8 "*/y": one behaviour whichever resource entry the case holds.
    behaviour: "evaluates the namespaceSelector on a cluster-scoped request",
    matcher: simple("cluster-scoped-uses-namespace-selector"),
    query: query(
      matchResources({
        namespaceSelector: { matchLabels: { app: "prod" } },
        resourceRules: [rule(["*"], ["*"], ["*/proxy"])],
      }),
      {
        operation: "CONNECT",
        resource: { group: "", version: "v1", resource: "nodes" },
        subResource: "proxy",
        kind: { group: "", version: "v1", kind: "NodeProxyOptions" },
        namespace: "",
        name: "web",
        object: { apiVersion: "v1", kind: "NodeProxyOptions" },
        oldObject: null,
      },
    ),
    title: /^evaluates the namespaceSelector on a cluster-scoped request: /,
  },
  {
    behaviour: "matches the objectSelector on the new object only",
    matcher: simple("object-selector-new-only"),
    query: query(matchResources({ objectSelector: { matchLabels: { app: "web" } }, resourceRules: [everything] }), {
      ...pod("web"),
      operation: "UPDATE",
      oldObject: object("v1", "Pod", { name: "web", namespace: "default", labels: { app: "web" } }),
    }),
    title: /^matches the objectSelector on the new object only: /,
  },
  {
    behaviour: 'leaves the resource itself out of "x/*"',
    matcher: simple("pods-star-excludes-main"),
    query: query(matchResources({ resourceRules: [rule([""], ["v1"], ["pods/*"])] }), pod("web")),
    title: /^leaves the resource itself out of "x\/\*": /,
  },
  {
    behaviour: 'matches subresources with "*"',
    matcher: simple("star-matches-subresources"),
    query: query(matchResources({ resourceRules: [rule([""], ["v1"], ["*"])] }), {
      ...pod("web"),
      operation: "UPDATE",
      subResource: "status",
      oldObject: object("v1", "Pod", { name: "web", namespace: "default" }),
    }),
    title: /^matches subresources with the resource entry "\*": /,
  },
  {
    behaviour: "takes resourceRules [] as matching nothing",
    matcher: simple("empty-resource-rules-match-nothing"),
    query: query(
      {
        kind: "ValidatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [everything] } },
        binding: { matchResources: { resourceRules: [] } },
      },
      pod("web"),
    ),
    title: /^takes resourceRules \[\] as matching nothing: /,
  },
  {
    behaviour: "evaluates a policy that no binding selects",
    matcher: simple("no-binding-still-evaluated"),
    query: query(
      { kind: "ValidatingAdmissionPolicy", policy: { matchConstraints: { resourceRules: [everything] } } },
      pod("web"),
    ),
    title: /^evaluates a policy that no binding selects: /,
  },
  {
    // The old object alone matches, by an absent label: seed 1 reduced to this DELETE.
    behaviour: "matches the objectSelector on the new object only, on a DELETE",
    matcher: simple("object-selector-new-only"),
    query: query(
      matchResources({
        objectSelector: { matchExpressions: [{ key: "app", operator: "DoesNotExist" }] },
        resourceRules: [everything],
      }),
      { ...pod("web"), operation: "DELETE", object: null, oldObject: object("v1", "Pod", { name: "web" }) },
    ),
    title: /^matches the objectSelector on the new object only: /,
  },
  {
    // Not "treats generateName as the name": "" in an excludeResourceRule never matches (seed 1).
    behaviour: 'never excludes the name "" (not generateName as the name)',
    matcher: simple("resource-names-ignore-empty"),
    query: query(
      {
        kind: "MutatingAdmissionPolicy",
        policy: {
          matchConstraints: {
            resourceRules: [rule(["*"], ["*"], ["pods"])],
            excludeResourceRules: [rule(["*"], ["*"], ["pods"], { resourceNames: [""] })],
          },
        },
        binding: {},
      },
      pod("", { generateName: "web-", namespace: "default" }),
    ),
    title: /^never matches resourceNames "" to a request without a name: /,
  },
  ...kyvernoRows(),
  ...simpleMatcherRows(),
];

describe("a counterfactual probe", () => {
  it.each(rows)(
    "names a matcher that $behaviour",
    async (row) => {
      const matcher = await row.matcher();
      const model = decide(row.query.subject, row.query.cluster, row.query.request, row.query.kubernetesVersion);
      const answer = await matcher.match(row.query);
      // The case diverges, or the row proves nothing.
      expect(answer.answer === "outcome" && agree(model.outcome, answer.outcome)).toBe(false);
      const title = await titleFor(matcher, row.query);
      if (row.title === undefined) expect(title).toBeUndefined();
      else expect(title).toMatch(row.title);
    },
    60_000,
  );

  it.each(rows)("names nothing on the reference model ($behaviour's case)", async (row) => {
    expect(await titleFor(modelMatcher(), row.query)).toBeUndefined();
  });

  it("leaves a CEL function evaluated otherwise to the CEL parts, not to skipped conditions", async () => {
    const endsWith = misreading((q) => {
      const conditions = conditionsOf(q.subject)?.map((c) => ({
        ...c,
        expression: (c.expression ?? "").replaceAll(".startsWith(", ".endsWith("),
      }));
      return { ...q, subject: withConditions(q.subject, conditions) };
    });
    const title = await titleFor(
      await endsWith(),
      query(webhookOnPods('object.metadata.name.startsWith("w")'), pod("web")),
    );
    expect(title).toMatch(/^matchConditions: startsWith evaluates otherwise/);
  });
});

/** Kyverno's offline path (pkg/admissionpolicy/validate.go, v1.19.1), one mistake per row. */
function kyvernoRows(): Row[] {
  return [
    {
      behaviour: "ignores the policy's matchConstraints under a binding",
      matcher: paramsLoop("policy-constraints-ignored-under-binding"),
      query: query(
        policyOn(
          { matchConstraints: { resourceRules: [rule([""], ["v1"], ["pods"])] } },
          { matchResources: { resourceRules: [everything] } },
        ),
        configMap,
      ),
      title: /^ignores the policy's own matchConstraints once a binding exists: /,
    },
    {
      // Not "ignores the policy's matchConstraints": it ignores the selector in the binding too.
      behaviour: "ignores every namespaceSelector (a neighbour of ignoring the policy's constraints)",
      matcher: paramsLoop("namespace-selector-ignored"),
      query: query(
        policyOn(
          { matchConstraints: { namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: [everything] } },
          {},
        ),
        configMap,
      ),
      title: undefined,
    },
    {
      behaviour: "ignores the binding's validationActions",
      matcher: paramsLoop("validation-actions-ignored"),
      query: query(
        policyOn(
          { matchConditions: [{ name: "c", expression: 'object.spec.missing == "x"' }] },
          { validationActions: ["Warn"] },
        ),
        pod("web"),
      ),
      title: /^ignores the binding's validationActions: /,
    },
    ...["Deny", "Allow"].map((action) => ({
      behaviour: `evaluates without params when none is found (${action})`,
      matcher: paramsLoop("param-not-found-evaluated"),
      query: query(
        policyOn({ paramKind: limitsKind }, { paramRef: { name: "limits", parameterNotFoundAction: action } }),
        configMap,
        { ...cluster, ...served },
      ),
      title: /^evaluates the policy without params when its binding's paramRef finds none/,
    })),
    {
      behaviour: "does not check that the paramKind is served",
      matcher: paramsLoop("paramkind-never-checked"),
      query: query(
        policyOn({ paramKind: limitsKind }, { paramRef: { name: "limits", parameterNotFoundAction: "Allow" } }),
        configMap,
      ),
      title: /^does not check params against the policy's paramKind: /,
    },
    {
      behaviour: "takes a param from another namespace",
      matcher: paramsLoop("param-any-namespace"),
      query: query(
        policyOn({ paramKind: limitsKind }, { paramRef: { name: "limits", parameterNotFoundAction: "Allow" } }),
        configMap,
        {
          namespaces: { ...cluster.namespaces, "team-a": { "kubernetes.io/metadata.name": "team-a" } },
          ...served,
          params: [limits("team-a")],
        },
      ),
      title: /^takes a param from another namespace than the one kube-apiserver lists: /,
    },
    {
      behaviour: "hands a selector's params as one List",
      matcher: paramsLoop("selector-params-as-list"),
      query: query(
        policyOn(
          { paramKind: limitsKind, matchConditions: [{ name: "c", expression: 'params.data.max == "3"' }] },
          { paramRef: { selector: { matchLabels: { tier: "a" } }, parameterNotFoundAction: "Allow" } },
        ),
        configMap,
        {
          ...cluster,
          ...served,
          params: [
            {
              ...limits("default"),
              metadata: { name: "limits", namespace: "default", labels: { tier: "a" } },
              data: { max: "3" },
            },
          ],
        },
      ),
      title: /^hands the params a paramRef.selector finds to the policy as one List: /,
    },
    {
      behaviour: "does not check that the paramKind is served (a binding without paramRef, under Ignore)",
      matcher: paramsLoop("paramkind-never-checked"),
      query: query(policyOn({ failurePolicy: "Ignore", paramKind: limitsKind }, {}), configMap),
      title: /^does not check params against the policy's paramKind: /,
    },
    {
      behaviour: "does not check that the paramKind is served (a condition reads params)",
      matcher: paramsLoop("paramkind-never-checked"),
      query: query(
        policyOn({ paramKind: limitsKind, matchConditions: [{ name: "c", expression: "params == null" }] }, {}),
        configMap,
      ),
      title: /^does not check params against the policy's paramKind: /,
    },
    {
      behaviour: "does not check params against the paramKind (another kind's object listed)",
      matcher: paramsLoop("params-any-kind"),
      query: query(
        policyOn({ paramKind: limitsKind }, { paramRef: { selector: {}, parameterNotFoundAction: "Allow" } }),
        configMap,
        {
          ...cluster,
          customKinds: [...served.customKinds, { apiVersion: "example.com/v1", kind: "Quota", scope: "Namespaced" }],
          params: [
            limits("default"),
            { apiVersion: "example.com/v1", kind: "Quota", metadata: { name: "q", namespace: "default" } },
          ],
        },
      ),
      title: /^does not check params against the policy's paramKind: /,
    },
    {
      behaviour: "matches resourceNames against the generateName prefix",
      matcher: paramsLoop("generate-name-prefix"),
      query: query(policyOn({}, { matchResources: { resourceRules: [podsNamed("")] } }), generatedPod),
      title: /^matches resourceNames against the generateName prefix: /,
    },
    {
      behaviour: "matches resourceNames against the generateName prefix (a prefix, not the whole)",
      matcher: paramsLoop("generate-name-prefix"),
      query: query(policyOn({}, { matchResources: { excludeResourceRules: [podsNamed("we")] } }), generatedPod),
      title: /^matches resourceNames against the generateName prefix: /,
    },
    {
      // Both bugs alone make the tool match: the policy's constraints are what it ignores first.
      behaviour: "ignores the policy's matchConstraints under a binding, with resourceNames read as prefixes",
      matcher: paramsLoop("policy-constraints-ignored-under-binding,generate-name-prefix"),
      query: query(policyOn({ matchConstraints: { resourceRules: [podsNamed("")] } }, {}), generatedPod),
      title: /^ignores the policy's own matchConstraints once a binding exists: /,
    },
    {
      behaviour: "leaves request.namespace empty on a request for a Namespace",
      matcher: paramsLoop("namespace-without-namespace"),
      query: query(
        policyOn({ matchConditions: [{ name: "c", expression: 'request.namespace == "ops"' }] }, {}),
        namespaceRequest("CREATE", "ops"),
        { namespaces: { ops: { "kubernetes.io/metadata.name": "ops" } } },
      ),
      title: /^leaves request.namespace empty on a request for a Namespace: /,
    },
    {
      behaviour: "does not refuse paramRef.namespace for a cluster-scoped paramKind",
      matcher: paramsLoop("cluster-param-namespace-ignored"),
      query: query(
        policyOn(
          { paramKind: clusterLimitsKind, matchConditions: [{ name: "c", expression: "params.spec.max > 3" }] },
          { paramRef: { name: "a", namespace: "default", parameterNotFoundAction: "Allow" } },
        ),
        configMap,
        {
          ...cluster,
          customKinds: [{ ...clusterLimitsKind, scope: "Cluster" }],
          params: [{ ...clusterLimitsKind, metadata: { name: "a" }, spec: { max: 4 } }],
        },
      ),
      title: /^does not refuse a paramRef.namespace for a cluster-scoped paramKind: /,
    },
  ];
}

/** A request of `operation` for the Namespace `name` itself, which carries its own name as namespace. */
function namespaceRequest(operation: "CREATE" | "DELETE", name: string): Query["request"] {
  return {
    operation,
    resource: { group: "", version: "v1", resource: "namespaces" },
    kind: { group: "", version: "v1", kind: "Namespace" },
    namespace: name,
    name,
    ...(operation === "CREATE"
      ? { object: object("v1", "Namespace", { name }) }
      : { object: null, oldObject: object("v1", "Namespace", { name }) }),
  };
}
function widget(version: string) {
  return {
    resource: { group: "example.com", version, resource: "widgets" },
    kind: { group: "example.com", version, kind: "Widget" },
  };
}
/** A CREATE of an example.com/v2 Widget, served also at v1 and v1beta1 (in that order in the registry). */
function widgetsServedThrice(subject: Subject): Query {
  const request = { ...create("example.com", "widgets", "Widget", "w"), ...widget("v2") };
  const equivalentResources = [widget("v2"), widget("v1"), widget("v1beta1")];
  return query(subject, request, { ...cluster, equivalentResources });
}

/** The simple matcher's switches whose causes were titled after a model clause. */
function simpleMatcherRows(): Row[] {
  return [
    {
      behaviour: "tries a rule's equivalent resources before the next rule's own resource",
      matcher: simple("exact-pass-per-rule"),
      query: widgetsServedThrice(
        matchResources({
          matchPolicy: "Equivalent",
          resourceRules: [rule(["example.com"], ["v1"], ["widgets"]), rule(["example.com"], ["v2"], ["widgets"])],
        }),
      ),
      title: /^tries each rule through the equivalent resources before the next rule on the request's own resource: /,
    },
    {
      behaviour: "orders the equivalent pass by the registry",
      matcher: simple("first-equivalent-by-registry"),
      query: widgetsServedThrice(
        matchResources({
          matchPolicy: "Equivalent",
          resourceRules: [rule(["example.com"], ["v1beta1"], ["widgets"]), rule(["example.com"], ["v1"], ["widgets"])],
        }),
      ),
      title: /^tries the equivalent resources in the registry's order before the rules' under matchPolicy Equivalent: /,
    },
    {
      behaviour: "takes a Namespace as namespaced (scope Namespaced)",
      matcher: simple("scope-namespaced-includes-namespace"),
      query: query(
        matchResources({ resourceRules: [rule([""], ["v1"], ["namespaces"], { scope: "Namespaced" })] }),
        namespaceRequest("CREATE", "team-a"),
      ),
      title: /^takes a Namespace for a namespaced object in a rule's scope: /,
    },
    {
      behaviour: "takes a Namespace as namespaced (scope Cluster)",
      matcher: simple("scope-namespaced-includes-namespace"),
      query: query(
        matchResources({ resourceRules: [rule([""], ["v1"], ["namespaces"], { scope: "Cluster" })] }),
        namespaceRequest("DELETE", "default"),
      ),
      title: /^takes a Namespace for a namespaced object in a rule's scope: /,
    },
    {
      // Not "takes a Namespace as namespaced": with the scopes swapped it still matches.
      behaviour: "ignores every rule's scope (a neighbour of a Namespace taken as namespaced)",
      matcher: misreading((q) => ({
        ...q,
        subject: mapMatching(q.subject, (m) => ({
          ...m,
          ...(m.resourceRules && { resourceRules: m.resourceRules.map((r) => ({ ...r, scope: "*" })) }),
        })),
      })),
      query: query(
        matchResources({ resourceRules: [rule([""], ["v1"], ["namespaces"], { scope: "Namespaced" })] }),
        namespaceRequest("CREATE", "team-a"),
      ),
      title: undefined,
    },
    {
      // A deletecollection of namespaces looks up "": kube-apiserver drops the error, the rules miss.
      behaviour: "fails the request on a namespaceSelector's error the rules drop",
      matcher: simple("selector-error-always"),
      query: query(
        matchResources({
          namespaceSelector: { matchLabels: { team: "a" } },
          resourceRules: [rule([""], ["v1"], ["secrets"])],
        }),
        { ...namespaceRequest("DELETE", ""), namespace: "", oldObject: null },
      ),
      title: /^fails the request on a namespaceSelector's lookup error before the rules decide: /,
    },
    {
      // Seed 5 of four switches kept a clause key here: the rules match, the objectSelector misses
      // first (matching.go Matches), and kube-apiserver drops the lookup error of "" with it.
      behaviour: "fails the request on a namespaceSelector's error the objectSelector drops",
      matcher: simple("selector-error-always"),
      query: query(
        matchResources({
          namespaceSelector: { matchLabels: { team: "a" } },
          objectSelector: { matchLabels: { team: "db" } },
          resourceRules: [rule([""], ["v1"], ["namespaces"])],
        }),
        { ...namespaceRequest("DELETE", ""), namespace: "", oldObject: null },
      ),
      title: /^fails the request on a namespaceSelector's lookup error before the rules decide: /,
    },
    {
      // Seed 3 named this 'takes resourceNames "*" as a wildcard': without resourceNames the rules
      // match and kube-apiserver fails the request too. With another name for "*" it answers alike.
      behaviour: 'fails on a missing namespace the rules drop, under resourceNames "*" (not "*" as a wildcard)',
      matcher: simple("selector-error-always"),
      query: query(
        matchResources({
          namespaceSelector: { matchExpressions: [{ key: "team", operator: "Exists" }] },
          resourceRules: [rule(["*"], ["*"], ["deployments"], { resourceNames: ["*"] })],
        }),
        {
          ...create("apps", "deployments", "Deployment", "web", { name: "web", namespace: "gone" }),
          namespace: "gone",
        },
        {},
      ),
      title: /^fails the request on a namespaceSelector's lookup error before the rules decide: /,
    },
    {
      behaviour: "rejects a rule's resources whatever their order",
      matcher: simple("validation-order-independent"),
      query: query(matchResources({ resourceRules: [rule([""], ["v1"], ["pods/status", "pods/*"])] }), pod("web")),
      title: /^rejects a rule's resources by their wildcards whatever their order: /,
    },
    {
      behaviour: 'rejects ["pods", "*"] (the order of a plain resource and "*")',
      matcher: simple("validation-order-independent"),
      query: query(matchResources({ resourceRules: [rule([""], ["v1"], ["pods", "*"])] }), pod("web")),
      title: /^rejects a rule's resources by their wildcards whatever their order: /,
    },
  ];
}
/** The title the triage rules give the case, asking only what the implementation claims (its `ready.capabilities`). */
async function claimedTitleFor(matcher: Matcher, q: Query): Promise<string | undefined> {
  const ctx: TriageContext = { ...context(matcher), allows: (x) => outOfScope(x, matcher.capabilities) === undefined };
  const answer = await matcher.match(q);
  const finding = await firstFinding(ctx, { query: q, answer, reduced: true, off: undefined, words: undefined });
  if (finding === undefined) return undefined;
  const model = ctx.model(q);
  return titleOf(finding.rekey(diagnosisOf(q, model.clauses, model.outcome.outcome, answer)));
}

const bindingPlacement = (bug: string) => () =>
  child(`node ${root("suites/triage/fixtures/binding-placement-matcher.mjs")} --bug ${bug}`);
const nodeCreate: Query["request"] = {
  operation: "CREATE",
  resource: { group: "", version: "v1", resource: "nodes" },
  kind: { group: "", version: "v1", kind: "Node" },
  namespace: "",
  name: "worker-1",
  object: object("v1", "Node", { name: "worker-1" }),
};
const teamA = { namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: [everything] };

const moreRows: readonly Row[] = [
  {
    // Core events have equivalents: bound under Equivalent, the case is outside what it claims.
    behaviour: "evaluates a policy that no binding selects, without claiming the Equivalent pass",
    matcher: () =>
      child(
        `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug no-binding-still-evaluated --no-feature equivalent`,
      ),
    query: query(
      {
        kind: "ValidatingAdmissionPolicy",
        policy: { matchConstraints: { resourceRules: [rule(["*"], ["*"], ["events"])] } },
      },
      coreEvent,
    ),
    title: /^evaluates a policy that no binding selects: /,
  },
  {
    behaviour: "looks up a namespaced param for a cluster-scoped request",
    matcher: paramsLoop("param-any-namespace"),
    query: query(
      policyOn({ paramKind: limitsKind }, { paramRef: { name: "limits", parameterNotFoundAction: "Deny" } }),
      nodeCreate,
      { namespaces: { "team-a": { "kubernetes.io/metadata.name": "team-a" } }, ...served, params: [limits("team-a")] },
    ),
    title: /^looks up a namespaced param for a cluster-scoped request whose binding's paramRef names no namespace/,
  },
  ...[[limits("team-a")], []].map((params) => ({
    behaviour: `does not refuse a namespaced param lookup for a cluster-scoped request (${params.length} params)`,
    matcher: paramsLoop("no-cluster-scope-check"),
    query: query(
      policyOn(
        { paramKind: limitsKind, matchConditions: [{ name: "c", expression: "params != null" }] },
        { paramRef: { name: "limits", parameterNotFoundAction: "Deny" } },
      ),
      nodeCreate,
      { namespaces: { "team-a": { "kubernetes.io/metadata.name": "team-a" } }, ...served, params },
    ),
    title: /^looks up a namespaced param for a cluster-scoped request whose binding's paramRef names no namespace/,
  })),
  {
    behaviour: "fills the request's empty fields with values of its own",
    matcher: misreading((q) => ({
      ...q,
      request: { ...q.request, userInfo: { ...q.request.userInfo, uid: q.request.userInfo?.uid || "background" } },
    })),
    query: query(webhookOnPods('request.userInfo.uid == "x"'), {
      ...pod("web"),
      userInfo: { username: "alice", groups: ["system:authenticated"] },
    }),
    title:
      /^matchConditions see the request's empty fields filled with values of the implementation's own \(request\.userInfo\.uid is not empty there\)/,
  },
  {
    behaviour: "ignores the binding's matchResources",
    matcher: bindingPlacement("binding-resources-ignored"),
    query: query(policyOn({}, { matchResources: teamA }), configMap),
    title: /^ignores the binding's matchResources: /,
  },
];

describe("a counterfactual probe, asked as a run asks it", () => {
  it.each(moreRows)(
    "names a matcher that $behaviour",
    async (row) => {
      const matcher = await row.matcher();
      const model = decide(row.query.subject, row.query.cluster, row.query.request, row.query.kubernetesVersion);
      const answer = await matcher.match(row.query);
      expect(answer.answer === "outcome" && agree(model.outcome, answer.outcome)).toBe(false);
      expect(await claimedTitleFor(matcher, row.query)).toMatch(row.title ?? /^$/);
    },
    60_000,
  );

  it.each(moreRows)("names nothing on the reference model ($behaviour's case)", async (row) => {
    expect(await claimedTitleFor(modelMatcher(), row.query)).toBeUndefined();
  });

  it("does not name a tool that ignores every namespaceSelector for ignoring the binding's matchResources", async () => {
    const matcher = await paramsLoop("namespace-selector-ignored")();
    const title = await claimedTitleFor(matcher, query(policyOn({}, { matchResources: teamA }), configMap));
    expect(title ?? "").not.toMatch(/^ignores the binding's matchResources/);
  });

  it("does not name a tool that ignores the policy's constraints for ignoring the binding's", async () => {
    const matcher = await paramsLoop("policy-constraints-ignored-under-binding")();
    const q = query(
      policyOn({ matchConstraints: teamA }, { matchResources: { resourceRules: [everything] } }),
      configMap,
    );
    expect(await claimedTitleFor(matcher, q)).toMatch(
      /^ignores the policy's own matchConstraints once a binding exists: /,
    );
  });
});

describe("a probe on a divergence in the message alone (messageProbes.ts)", () => {
  // A corpus test expecting kube-apiserver's words for a param without max, found by a selector.
  const q = query(
    policyOn(
      { paramKind: limitsKind, matchConditions: [{ name: "small", expression: "params.spec.max < 4" }] },
      { paramRef: { selector: {}, parameterNotFoundAction: "Allow" } },
    ),
    pod("web"),
    { ...cluster, ...served, params: [limits("default", { spec: {} })] },
  );
  const words = "denied request: expression 'params.spec.max < 4' resulted in error: no such key: max";
  const wordedTitle = async (matcher: Matcher) => {
    const ctx = context(matcher);
    const answer = await matcher.match(q);
    const finding = await firstFinding(ctx, { query: q, answer, reduced: true, off: undefined, words });
    const model = ctx.model(q);
    const d = diagnosisOf(q, model.clauses, model.outcome.outcome, answer);
    return { answer, title: finding && titleOf(finding.rekey(d)) };
  };

  it("names a tool that hands a selector's params as one List, not its CEL wording", async () => {
    const { answer, title } = await wordedTitle(await paramsLoop("selector-params-as-list")());
    const model = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
    expect(answer.answer === "outcome" && agree(model, answer.outcome)).toBe(true);
    expect(answer.answer === "outcome" && "message" in answer.outcome && answer.outcome.message).not.toContain(words);
    expect(title).toMatch(/^hands the params a paramRef.selector finds to the policy as one List: /);
  }, 60_000);

  it("leaves a tool whose words change with nothing to another message", async () => {
    const { title } = await wordedTitle(modelMatcher());
    expect(title ?? "").not.toMatch(/^hands the params/);
  });
});
