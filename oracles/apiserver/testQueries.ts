// Queries the apiserver tests share.

import type { AdmissionRequest } from "../contract/kube.ts";
import type { Query } from "../contract/query.ts";

/** A bare MatchResources that matches everything, on a ConfigMap create in namespace `bystand`. */
export const matchEverything: Query = {
  kubernetesVersion: "1.37",
  subject: { kind: "MatchResources", matchResources: {} },
  cluster: { namespaces: { bystand: {} } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "bystand",
    name: "cm",
    object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", namespace: "bystand" } },
  },
};

/** A list literal of n ints, for conditions that cost. */
const ints = (n: number) => `[${Array.from({ length: n }, (_, i) => i).join(",")}]`;

/**
 * matchConditions that would defeat a confinement that is one condition among them: one erring,
 * one always true, and three each past the per-expression cost limit, which together exhaust the
 * shared budget (RuntimeCELCostBudgetMatchConditions) and fail the whole evaluation.
 */
export const defeatingConditions = [
  { name: "errs", expression: "object.spec.missing == 1" },
  { name: "always", expression: "true" },
  ...[1, 2, 3].map((i) => ({
    name: `costly-${i}`,
    expression: `${ints(150)}.all(a, ${ints(150)}.all(b, ${ints(150)}.all(c, a + b + c >= 0)))`,
  })),
];

const configMapCreates = [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];

/**
 * Each subject kind under failurePolicy Fail with defeatingConditions, a policy whose binding
 * finds no params under Deny and one whose paramKind is not served, on matchEverything's request.
 */
export const defeatingSubjects: Query[] = [
  {
    kind: "ValidatingAdmissionPolicy" as const,
    policy: {
      failurePolicy: "Fail",
      matchConstraints: { resourceRules: configMapCreates },
      matchConditions: defeatingConditions,
    },
    binding: {},
  },
  {
    kind: "MutatingAdmissionPolicy" as const,
    policy: {
      failurePolicy: "Fail",
      matchConstraints: { resourceRules: configMapCreates },
      matchConditions: defeatingConditions,
    },
    binding: {},
  },
  ...(["ValidatingWebhook", "MutatingWebhook"] as const).map((kind) => ({
    kind,
    webhook: { rules: configMapCreates, failurePolicy: "Fail", matchConditions: defeatingConditions },
  })),
  // A binding's configuration error (no params found under Deny) comes before any condition.
  {
    kind: "ValidatingAdmissionPolicy" as const,
    policy: {
      failurePolicy: "Fail",
      matchConstraints: { resourceRules: configMapCreates },
      paramKind: { apiVersion: "v1", kind: "ConfigMap" },
    },
    binding: { paramRef: { name: "absent", parameterNotFoundAction: "Deny" } },
  },
  // A policy's configuration error (its paramKind not served) comes right after its matchConstraints.
  {
    kind: "ValidatingAdmissionPolicy" as const,
    policy: {
      failurePolicy: "Fail",
      matchConstraints: {
        resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
      },
      paramKind: { apiVersion: "example.com/v1", kind: "Missing" },
    },
    binding: {},
  },
].map((subject) => ({ ...matchEverything, subject: subject as Query["subject"] }));

const limits = { apiVersion: "example.com/v1", kind: "Limits" };
const limit = (name: string, tier: string) => ({
  ...limits,
  metadata: { name, namespace: "bystand", labels: { tier } },
  spec: { max: name.length },
});

/**
 * MutatingAdmissionPolicies with params on matchEverything's request: selected custom params (two
 * of three), one found by name, a ConfigMap by name, a paramKind the binding gives no paramRef, a
 * condition that holds for one param only, and a selector that finds none under Allow.
 */
export const mutatingParamQueries: Query[] = (() => {
  const policy = (extra: Record<string, unknown> = {}) => ({
    failurePolicy: "Fail",
    matchConstraints: { resourceRules: configMapCreates },
    paramKind: limits,
    ...extra,
  });
  const cluster = {
    namespaces: { bystand: {} },
    customKinds: [{ ...limits, scope: "Namespaced" as const }],
    params: [limit("gold", "paid"), limit("silver", "paid"), limit("free", "free")],
  };
  const subjects: Array<[Record<string, unknown>, Record<string, unknown>]> = [
    [policy(), { paramRef: { selector: { matchLabels: { tier: "paid" } }, parameterNotFoundAction: "Deny" } }],
    [policy(), { paramRef: { name: "silver", parameterNotFoundAction: "Deny" } }],
    [policy(), {}],
    [
      policy({ matchConditions: [{ name: "big", expression: "params.spec.max > 4" }] }),
      { paramRef: { selector: {}, parameterNotFoundAction: "Deny" } },
    ],
    [policy(), { paramRef: { selector: { matchLabels: { tier: "none" } }, parameterNotFoundAction: "Allow" } }],
  ];
  const custom = subjects.map(([p, binding]) => ({
    ...matchEverything,
    cluster,
    subject: { kind: "MutatingAdmissionPolicy", policy: p, binding } as Query["subject"],
  }));
  const configMap: Query = {
    ...matchEverything,
    cluster: {
      namespaces: { bystand: {} },
      params: [{ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "settings", namespace: "bystand" }, data: {} }],
    },
    subject: {
      kind: "MutatingAdmissionPolicy",
      policy: policy({ paramKind: { apiVersion: "v1", kind: "ConfigMap" } }),
      binding: { paramRef: { name: "settings", parameterNotFoundAction: "Deny" } },
    } as Query["subject"],
  };
  return [...custom, configMap];
})();

/** Policies of both kinds whose params are of a cluster-scoped custom kind, selected and named. */
export const clusterParamQueries: Query[] = (() => {
  const tiers = { apiVersion: "example.com/v1", kind: "Tier" };
  const cluster = {
    namespaces: { bystand: {} },
    customKinds: [{ ...tiers, scope: "Cluster" as const }],
    params: ["gold", "silver"].map((name) => ({ ...tiers, metadata: { name, labels: { paid: "yes" } } })),
  };
  const policy = { failurePolicy: "Fail", matchConstraints: { resourceRules: configMapCreates }, paramKind: tiers };
  const refs = [
    { selector: { matchLabels: { paid: "yes" } }, parameterNotFoundAction: "Deny" },
    { name: "gold", parameterNotFoundAction: "Deny" },
  ];
  return (["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy"] as const).flatMap((kind) =>
    refs.map((paramRef) => ({
      ...matchEverything,
      cluster,
      subject: { kind, policy, binding: { paramRef } } as Query["subject"],
    })),
  );
})();

/** A MutatingAdmissionPolicy whose rules match a ConfigMap's DELETE, under Ignore, with a condition that holds. */
export const mutatingDelete: Query = {
  ...matchEverything,
  subject: {
    kind: "MutatingAdmissionPolicy",
    policy: {
      failurePolicy: "Ignore",
      matchConstraints: {
        resourceRules: [{ operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
      },
      matchConditions: [{ name: "always", expression: "true" }],
    },
    binding: {},
  } as Query["subject"],
  request: {
    ...matchEverything.request,
    operation: "DELETE",
    object: null,
    oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", namespace: "bystand" } },
  },
};

/**
 * A deletecollection's item (DELETE without a name) of the corpus's Tenant, a cluster-scoped
 * custom resource named namespaces: the stored object is the old object, acme.
 */
export const tenantCollectionItem: AdmissionRequest = {
  operation: "DELETE",
  resource: { group: "example.com", version: "v1", resource: "namespaces" },
  kind: { group: "example.com", version: "v1", kind: "Tenant" },
  namespace: "",
  name: "",
  object: null,
  oldObject: { apiVersion: "example.com/v1", kind: "Tenant", metadata: { name: "acme" } },
};

const tenantRules = [
  { operations: ["*"], apiGroups: ["example.com"], apiVersions: ["v1"], resources: ["namespaces"] },
] as const;
const teamA = { matchLabels: { team: "a" } };
const tenantItem = (subject: Query["subject"], team: string): Query => ({
  kubernetesVersion: "1.37",
  subject,
  cluster: {},
  request: {
    ...tenantCollectionItem,
    oldObject: { apiVersion: "example.com/v1", kind: "Tenant", metadata: { name: "acme", labels: { team } } },
  },
});

/**
 * Deletecollection items of the Tenant, asked together: a policy whose binding selects namespaces
 * (it looks up the namespace "" and fails, twice), a webhook that does not, and one that does.
 */
export const tenantItemQueries: Query[] = [
  tenantItem(
    {
      kind: "ValidatingAdmissionPolicy",
      policy: { matchConstraints: { resourceRules: [...tenantRules] } },
      binding: { matchResources: { namespaceSelector: teamA } },
    },
    "a",
  ),
  tenantItem(
    {
      kind: "ValidatingAdmissionPolicy",
      policy: { matchConstraints: { resourceRules: [...tenantRules] } },
      binding: { matchResources: { namespaceSelector: teamA } },
    },
    "b",
  ),
  tenantItem({ kind: "ValidatingWebhook", webhook: { rules: [...tenantRules] } }, "a"),
  tenantItem({ kind: "ValidatingWebhook", webhook: { rules: [...tenantRules], namespaceSelector: teamA } }, "a"),
];

/**
 * Four families (batch/families.ts), each one subject and cluster asked about eight requests: ConfigMap
 * creates whose conditions hold, do not hold and err, a Secret create the rules leave out, and
 * updates and a delete whose stored objects the family's queries keep side by side in one
 * namespace. A validating and a mutating policy under Fail with those conditions, and a bare
 * MatchResources on ConfigMaps in namespaces labelled team=a; and a mutating policy whose rules
 * name DELETE, which is invalid.
 */
export const familyQueries: Query[] = (() => {
  const operations = ["CREATE", "UPDATE", "DELETE"];
  const rules = [{ operations, apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];
  const mutatingRules = [{ ...rules[0], operations: ["CREATE", "UPDATE"] }];
  const matchConditions = [
    { name: "named-in", expression: "request.name.startsWith('in')" },
    { name: "errs-for-err", expression: "request.name != 'in-err' || object.data.missing == 'x'" },
  ];
  const cm = (name: string) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "fam" } });
  const request = (operation: "CREATE" | "UPDATE" | "DELETE", resource: string, kind: string, name: string) => ({
    operation,
    resource: { group: "", version: "v1", resource },
    kind: { group: "", version: "v1", kind },
    namespace: "fam",
    name,
    object: operation === "DELETE" ? null : { ...cm(name), kind },
    oldObject: operation === "CREATE" ? null : { ...cm(name), kind },
  });
  const requests = [
    request("CREATE", "configmaps", "ConfigMap", "in-1"),
    request("CREATE", "configmaps", "ConfigMap", "out-1"),
    request("CREATE", "configmaps", "ConfigMap", "in-err"),
    request("CREATE", "secrets", "Secret", "in-2"),
    request("CREATE", "configmaps", "ConfigMap", "in-3"),
    request("UPDATE", "configmaps", "ConfigMap", "in-4"),
    request("UPDATE", "configmaps", "ConfigMap", "out-2"),
    request("DELETE", "configmaps", "ConfigMap", "in-5"),
  ];
  const cluster = { namespaces: { fam: { team: "a" } } };
  const subjects: Query["subject"][] = [
    {
      kind: "ValidatingAdmissionPolicy",
      policy: { failurePolicy: "Fail", matchConstraints: { resourceRules: rules }, matchConditions },
      binding: {},
    },
    {
      kind: "MutatingAdmissionPolicy",
      policy: { failurePolicy: "Fail", matchConstraints: { resourceRules: mutatingRules }, matchConditions },
      binding: {},
    },
    {
      kind: "MatchResources",
      matchResources: { namespaceSelector: { matchLabels: { team: "a" } }, resourceRules: rules },
    },
    // Invalid (a mutating policy's rules name no DELETE): the family's one probe answers for all.
    {
      kind: "MutatingAdmissionPolicy",
      policy: { failurePolicy: "Fail", matchConstraints: { resourceRules: rules }, matchConditions },
      binding: {},
    },
  ];
  return subjects.flatMap((subject) =>
    requests.map((request) => ({ kubernetesVersion: "1.37" as const, subject, cluster, request })),
  );
})();
