// A query's params realised in the cluster: its custom kinds as CRDs of groups of their own
// (`g<hash>.<group>`, as customResources.ts makes them), its param objects in the query's own
// renamed namespaces, and the probe's paramKind and paramRef following both renamings.
import { createHash } from "node:crypto";
import type { CustomKind } from "../../contract/cluster.ts";
import type { ParamKind, ParamRef } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import { atLeast } from "../../contract/versions.ts";
import type { CustomResource } from "./customResources.ts";
import { restPath } from "./resources.ts";

type Obj = Record<string, unknown>;

export interface ParamRealisation {
  /** One CRD per custom kind. */
  readonly crds: readonly CustomResource[];
  /** The param objects to create, with the path to POST them to. */
  readonly objects: readonly { readonly path: string; readonly body: Obj }[];
  readonly paramKind?: ParamKind;
  readonly paramRef?: ParamRef;
  /** Each custom kind's group as the case states it, and as realised. */
  readonly groups: readonly (readonly [string, string])[];
  /** The realised groups of the CRDs that are the query's own (a cluster-scoped kind with param objects). */
  readonly own: readonly string[];
}

export type ParamsPrepared =
  | { readonly ok: true; readonly p: ParamRealisation }
  | { readonly ok: false; readonly why: string };

/**
 * `namespaces`: the query's renaming of its namespaces (rename.ts); `queryTag`: the query's own
 * tag, which a cluster-scoped kind with param objects puts in its group's hash: such params keep
 * their names, which would be every other query's in a group shared by the run, so the kind is a
 * CRD of the query's own (the server's messages name the group, which is put back), listed in
 * `own`: batch/slotWork.ts moves it into a slot of the run's pool, a CRD made once per run.
 */
export function realiseParams(
  q: Query,
  namespaces: ReadonlyMap<string, string>,
  runId: string,
  queryTag = runId,
): ParamsPrepared {
  const no = (why: string): ParamsPrepared => ({ ok: false, why });
  const s = q.subject;
  if (s.kind !== "ValidatingAdmissionPolicy" && s.kind !== "MutatingAdmissionPolicy")
    return no(`${s.kind} takes no params`);
  const stale = staleConfigMapParams(q);
  if (stale !== undefined) return no(stale);
  const crds = new Map<string, CustomResource>();
  const own: string[] = [];
  for (const k of q.cluster.customKinds ?? []) {
    if (!canBeCrd(k)) return no(`the custom kind ${k.apiVersion} ${k.kind} cannot be a CRD's`);
    const ownGroup =
      k.scope === "Cluster" && (q.cluster.params ?? []).some((o) => o.apiVersion === k.apiVersion && o.kind === k.kind);
    const crd = customKindCrd(k, ownGroup ? queryTag : runId);
    if (ownGroup) own.push(crd.realGroup);
    crds.set(`${k.apiVersion} ${k.kind}`, crd);
  }
  const ns = (n: string | undefined) => (n === undefined ? n : (namespaces.get(n) ?? n));
  const objects: { path: string; body: Obj }[] = [];
  for (const o of q.cluster.params ?? []) {
    const crd = crds.get(`${o.apiVersion} ${o.kind}`);
    const namespace = ns(o.metadata.namespace);
    const metadata = { ...o.metadata, ...(namespace !== undefined && { namespace }) };
    if (crd === undefined && !(o.apiVersion === "v1" && o.kind === "ConfigMap"))
      return no(`the param ${o.apiVersion} ${o.kind} is of a kind the oracle does not realise`);
    const resource = crd
      ? { group: crd.realGroup, version: crd.versions[0] as string, resource: crd.plural }
      : { group: "", version: "v1", resource: "configmaps" };
    const apiVersion = crd ? `${crd.realGroup}/${crd.versions[0]}` : "v1";
    objects.push({
      path: restPath(resource, namespace !== undefined, namespace ?? ""),
      body: { ...o, apiVersion, metadata },
    });
  }
  const kind = s.policy.paramKind;
  const realKind = kind && crds.get(`${kind.apiVersion} ${kind.kind}`);
  const ref = s.binding?.paramRef;
  return {
    ok: true,
    p: {
      crds: [...crds.values()],
      objects,
      ...(kind && {
        paramKind: realKind ? { ...kind, apiVersion: `${realKind.realGroup}/${realKind.versions[0]}` } : kind,
      }),
      ...(ref && { paramRef: ref.namespace === undefined ? ref : { ...ref, namespace: ns(ref.namespace) as string } }),
      groups: [...crds.values()].map((c) => [c.group, c.realGroup] as const),
      own,
    },
  };
}

/**
 * Why a v1 ConfigMap paramKind's params cannot be asked for, or undefined. kube-apiserver takes a
 * built-in param kind's informer from its shared informer factory and starts it with a context
 * that it cancels once no policy uses that kind (k8s.io/apiserver v0.37.2
 * pkg/admission/plugin/policy/generic/policy_source.go ensureParamsForPolicyLocked, the clean-up
 * of orphaned param informers); the factory never starts an informer type twice (k8s.io/client-go
 * informers/factory.go Start, startedInformers). So once the last ConfigMap-param policy is gone —
 * after every batch of this oracle — that informer is stopped for the server's lifetime, and a
 * paramRef selector lists a frozen cache. A name is read from the API when the cache misses, from
 * 1.37 (policy_dispatcher.go getParamDirectly); before, a name is read from the frozen cache too.
 */
function staleConfigMapParams(q: Query): string | undefined {
  const s = q.subject;
  if (!("policy" in s)) return undefined;
  const kind = s.policy.paramKind;
  const ref = s.binding?.paramRef;
  if (kind?.apiVersion !== "v1" || kind.kind !== "ConfigMap" || !ref) return undefined;
  const why =
    "kube-apiserver stops a ConfigMap paramKind's shared informer once no policy uses that kind and never restarts it, so ";
  if (ref.selector !== undefined && ref.selector !== null)
    return `${why}a paramRef selector lists a stale cache (policy_source.go ensureParamsForPolicyLocked, client-go informers/factory.go Start)`;
  if (!atLeast(q.kubernetesVersion, 37))
    return `${why}before 1.37 a paramRef name is read from a stale cache too (1.37 reads a missing one from the API: getParamDirectly)`;
  return undefined;
}

/** A kind a CRD can serve: a `<group>/<version>` apiVersion of a Kubernetes version name, a kind's name. */
export function canBeCrd(k: CustomKind): boolean {
  const version = k.apiVersion.split("/")[1];
  return (
    version !== undefined && /^[A-Z][A-Za-z0-9]{0,62}$/.test(k.kind) && /^v[0-9]+((alpha|beta)[0-9]+)?$/.test(version)
  );
}

/**
 * The CRD a custom kind is realised as, its group `g<hash>.<group>` of `tag`: the run's id for a
 * kind the run's queries share, a query's own tag for its own. The kind is one realiseParams
 * accepts (a `<group>/<version>` apiVersion).
 */
export function customKindCrd(k: CustomKind, tag: string): CustomResource {
  const group = k.apiVersion.split("/")[0] as string;
  const h = createHash("sha256")
    .update(JSON.stringify([tag, k.apiVersion, k.kind, k.scope]))
    .digest("hex")
    .slice(0, 8);
  return kindCrd(k, `g${h}.${group}`);
}

/** The CRD that serves a custom param kind, made in `realGroup`. */
export function kindCrd(k: CustomKind, realGroup: string): CustomResource {
  const [group, version] = k.apiVersion.split("/") as [string, string];
  return {
    group,
    realGroup,
    plural: `${k.kind.toLowerCase()}s`,
    kind: k.kind,
    versions: [version],
    namespaced: k.scope === "Namespaced",
    status: false,
  };
}
