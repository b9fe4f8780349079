// The sentinel of a batch's param kinds. A policy's param informer is started lazily, per
// paramKind, when a policy naming it is first seen (k8s.io/apiserver v0.37.2
// pkg/admission/plugin/policy/generic/policy_source.go ensureParamsForPolicyLocked), and it sees
// new objects through its watch, some time after they are created. For each param kind the batch
// uses, the sentinel stores one param object after all the batch's params, in a namespace of its
// own, and a policy bound to it by a label selector under parameterNotFoundAction Allow: once a
// sentinel request gets that policy's warning, its informer holds the sentinel's param, and with
// it every param of that kind created before. A selector, not the name: from 1.37 a param named
// but missing from the informer is read from the API directly (policy_dispatcher.go
// getParamDirectly), which would say nothing of the informer; a selector lists the informer alone.
import type { GroupVersionResource, ParamKind } from "../../contract/kube.ts";
import type { ParamRealisation } from "../request/paramObjects.ts";
import { restPath } from "../request/resources.ts";
import type { ProbeNames } from "./names.ts";
import { labels, probeLabel } from "./names.ts";

type Obj = Record<string, unknown>;

export interface ParamSentinel {
  readonly namespace: Obj;
  /**
   * Per kind: where its param is POSTed, the param, the policy and binding, and the warning's
   * marker; for a kind a mutating probe uses, a mutating policy and binding too, with the
   * annotation it writes on the sentinel's request.
   */
  readonly kinds: readonly {
    path: string;
    param: Obj;
    policy: Obj;
    binding: Obj;
    marker: string;
    mutating?: { policy: Obj; binding: Obj; annotation: string };
  }[];
}

/** A kind of param the batch's probes select, with its resource; `mutating`: a mutating probe uses it. */
export interface SelectedKind {
  readonly kind: ParamKind;
  readonly resource: GroupVersionResource;
  readonly mutating: boolean;
  /** Cluster-scoped kinds are a query's own (request/paramObjects.ts): their sentinel param has no namespace. */
  readonly namespaced: boolean;
}

/**
 * The distinct paramKinds with param objects among the probes' realisations, with their
 * resources. Each admission plugin keeps its own informer of a custom param kind (policy_source.go
 * ensureParamsForPolicyLocked, a dynamic informer per policy source), so what the validating one
 * has seen says nothing of the mutating one's: a kind a mutating probe uses is marked.
 */
export function paramKindsOf(
  probes: readonly { readonly params?: ParamRealisation | undefined; readonly mutating: boolean }[],
): SelectedKind[] {
  const out = new Map<string, SelectedKind>();
  for (const { params: p, mutating } of probes) {
    const k = p?.paramKind;
    if (p === undefined || k === undefined || p.objects.length === 0) continue;
    const crd = p.crds.find((c) => `${c.realGroup}/${c.versions[0]}` === k.apiVersion && c.kind === k.kind);
    // A ConfigMap param is only asked for by name at 1.37 (paramObjects.ts staleConfigMapParams),
    // which kube-apiserver reads from the API when its informer lacks it: no sentinel is needed,
    // and none could take effect (that informer may be stopped for good).
    const resource = crd
      ? { group: crd.realGroup, version: crd.versions[0] as string, resource: crd.plural }
      : undefined;
    const key = `${k.apiVersion} ${k.kind}`;
    if (resource !== undefined && crd !== undefined)
      out.set(key, {
        kind: k,
        resource,
        mutating: mutating || out.get(key)?.mutating === true,
        namespaced: crd.namespaced,
      });
  }
  return [...out.values()];
}

/** The label by which a sentinel's policy selects its param (one per param kind, in its own namespace). */
const sentinelParamLabel = "matchconform.dev/sentinel-param";

export function paramSentinel(p: Omit<ProbeNames, "id">, user: string, kinds: readonly SelectedKind[]): ParamSentinel {
  const ns = `mc-${p.runId}-s-${p.batch}`;
  const metadata = (i: number) => ({ name: `mc-${p.runId}-sentinel-${p.batch}-p${i}`, labels: labels(p) });
  return {
    namespace: { apiVersion: "v1", kind: "Namespace", metadata: { name: ns, labels: labels(p) } },
    kinds: kinds.map(({ kind, resource, mutating, namespaced }, i) => {
      const marker = `mc-sentinel-param|${p.batch}|${i}`;
      const paramRef = {
        selector: { matchLabels: { [sentinelParamLabel]: `${i}` } },
        ...(namespaced && { namespace: ns }),
        parameterNotFoundAction: "Allow",
      };
      const condition = [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }];
      return {
        ...(mutating && { mutating: mutatingParamSentinel(metadata(i), kind, paramRef, condition, marker, i) }),
        marker,
        path: restPath(resource, namespaced, ns),
        param: {
          apiVersion: kind.apiVersion,
          kind: kind.kind,
          metadata: {
            name: `mc-sentinel-${p.batch}`,
            ...(namespaced && { namespace: ns }),
            labels: { ...labels(p), [sentinelParamLabel]: `${i}` },
          },
        },
        policy: {
          apiVersion: "admissionregistration.k8s.io/v1",
          kind: "ValidatingAdmissionPolicy",
          metadata: metadata(i),
          spec: {
            failurePolicy: "Ignore",
            paramKind: kind,
            matchConstraints: {
              resourceRules: [
                { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] },
              ],
            },
            matchConditions: condition,
            validations: [{ expression: "false", message: marker }],
          },
        },
        binding: {
          apiVersion: "admissionregistration.k8s.io/v1",
          kind: "ValidatingAdmissionPolicyBinding",
          metadata: metadata(i),
          spec: {
            policyName: metadata(i).name,
            validationActions: ["Warn"],
            paramRef,
          },
        },
      };
    }),
  };
}

/** The annotation a kind's mutating sentinel writes on the sentinel's request once it runs with its param. */
export const sentinelParamAnnotation = (i: number) => `matchconform.dev/sentinel-param-${i}`;

/** A mutating policy and binding that write `marker` once the mutating plugin's informer holds the sentinel's param. */
function mutatingParamSentinel(
  metadata: Obj,
  kind: ParamKind,
  paramRef: Obj,
  matchConditions: readonly Obj[],
  marker: string,
  i: number,
): { policy: Obj; binding: Obj; annotation: string } {
  const annotation = sentinelParamAnnotation(i);
  return {
    annotation,
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata,
      spec: {
        failurePolicy: "Ignore",
        paramKind: kind,
        matchConstraints: {
          resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        },
        matchConditions,
        reinvocationPolicy: "Never",
        mutations: [
          {
            patchType: "ApplyConfiguration",
            applyConfiguration: {
              expression: `Object{metadata: Object.metadata{annotations: {'${annotation}': '${marker}'}}}`,
            },
          },
        ],
      },
    },
    binding: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicyBinding",
      metadata,
      spec: { policyName: (metadata as { name: string }).name, paramRef },
    },
  };
}

/** The labels of the kind check's own request, which alone its policies select. */
export const kindCheckLabels = (p: Omit<ProbeNames, "id">) => ({ [probeLabel]: `kinds-${p.runId}-${p.batch}` });

/**
 * The check, before a batch's probes exist, that the admission plugin resolves each custom param
 * kind: its RESTMapper learns a new CRD from discovery some time after the CRD is served, and a
 * policy compiled before holds "failed to find resource referenced by paramKind" until it is
 * resynced (policy_source.go ensureParamsForPolicyLocked). One policy per kind, under Fail, bound
 * to a param that does not exist under Allow: it denies while its kind is unresolved and does
 * nothing once resolved; a last policy with a plain warning tells that the others are in effect.
 */
export function kindCheck(
  p: Omit<ProbeNames, "id">,
  user: string,
  kinds: readonly ParamKind[],
): { policies: Obj[]; bindings: Obj[]; marker: string } {
  const rules = [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];
  const name = (i: number | "last") => `mc-${p.runId}-kinds-${p.batch}-${i}`;
  const marker = `mc-kinds|${p.batch}`;
  const policy = (i: number | "last", extra: Obj, message: string): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: { name: name(i), labels: labels(p) },
    spec: {
      failurePolicy: "Fail",
      // The objectSelector too: a binding's params are collected before any matchCondition, and
      // under Fail a slow read of the absent param would deny anybody's ConfigMap.
      matchConstraints: { resourceRules: rules, objectSelector: { matchLabels: kindCheckLabels(p) } },
      matchConditions: [{ name: "mc-kinds", expression: `request.userInfo.username == '${user}'` }],
      validations: [{ expression: "false", message }],
      ...extra,
    },
  });
  const binding = (i: number | "last", extra: Obj): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata: { name: name(i), labels: labels(p) },
    spec: { policyName: name(i), validationActions: ["Warn"], ...extra },
  });
  const absent = { paramRef: { name: "mc-absent", parameterNotFoundAction: "Allow" } };
  return {
    policies: [...kinds.map((k, i) => policy(i, { paramKind: k }, "mc-kinds-unexpected")), policy("last", {}, marker)],
    bindings: [...kinds.map((_, i) => binding(i, absent)), binding("last", {})],
    marker,
  };
}
