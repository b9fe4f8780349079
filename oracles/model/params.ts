// k8s.io/apiserver pkg/admission/plugin/policy/generic: policy_source.go ensureParamsForPolicyLocked
// (is the paramKind served?) and policy_dispatcher.go CollectParams (which objects a binding's
// paramRef hands its policy). Unchanged in behaviour from v0.30 to v0.37; v0.37 adds a live GET
// when the informer misses a name, which a cluster stated as data never does.
import type { Cluster, ParamObject } from "../contract/cluster.ts";
import { isBuiltinGroup } from "../contract/features.ts";
import type { ParamKind, ParamRef } from "../contract/kube.ts";
import { parseSelector, selectorMatches } from "./labelSelector.ts";
import type { Trace } from "./trace.ts";

export type ParamScope = "Namespaced" | "Cluster";

/** The built-in kinds the model knows as param kinds; another built-in kind is outside the model. */
const builtinKinds: Readonly<Record<string, ParamScope>> = { "v1/ConfigMap": "Namespaced" };

/** The group of an apiVersion as schema.ParseGroupVersion reads it. */
export const groupOf = (apiVersion: string) => (apiVersion.includes("/") ? apiVersion.split("/")[0] : "") ?? "";

/** The scope of a served paramKind; undefined when the RESTMapper does not know it. */
export function paramScope(kind: ParamKind, cluster: Cluster): ParamScope | undefined {
  const apiVersion = kind.apiVersion ?? "";
  const custom = (cluster.customKinds ?? []).find((k) => k.apiVersion === apiVersion && k.kind === kind.kind);
  return custom?.scope ?? builtinKinds[`${apiVersion}/${kind.kind ?? ""}`];
}

/** A paramKind of a built-in group that the model's table lacks: served or not, the model does not know. */
export function unknownBuiltinKind(kind: ParamKind): boolean {
  const apiVersion = kind.apiVersion ?? "";
  return isBuiltinGroup(groupOf(apiVersion)) && builtinKinds[`${apiVersion}/${kind.kind ?? ""}`] === undefined;
}

/** ensureParamsForPolicyLocked: the policy's ConfigurationError, `%v` of the GroupVersionKind. */
export function paramKindNotFound(kind: ParamKind): string {
  const apiVersion = kind.apiVersion ?? "";
  const version = apiVersion.includes("/") ? apiVersion.slice(apiVersion.indexOf("/") + 1) : apiVersion;
  return `failed to find resource referenced by paramKind: '${groupOf(apiVersion)}/${version}, Kind=${kind.kind ?? ""}'`;
}

/** How the outcome names a param: `<namespace>/<name>`, or `<name>` for a cluster-scoped kind. */
export function paramName(p: ParamObject): string {
  const ns = p.metadata.namespace ?? "";
  return ns === "" ? p.metadata.name : `${ns}/${p.metadata.name}`;
}

export type Collected =
  /** One evaluation per entry; `null`: evaluated once without a param object. */
  | { readonly ok: true; readonly params: readonly (ParamObject | null)[] }
  | { readonly ok: false; readonly message: string };

const once: Collected = { ok: true, params: [null] };

/** CollectParams for a served paramKind (or none): the params, or the binding's configuration error. */
export function collectParams(
  kind: ParamKind | undefined,
  scope: ParamScope | undefined,
  ref: ParamRef | undefined,
  requestNamespace: string,
  cluster: Cluster,
  trace: Trace,
): Collected {
  // "If definition has no paramKind, paramRef set in binding will be ignored."
  if (kind === undefined || scope === undefined) return once;
  if (ref === undefined) {
    trace.take("params.withoutParamRefEvaluatedOnce");
    return once;
  }
  const fail = (message: string): Collected => ({ ok: false, message });
  const refNamespace = ref.namespace ?? "";
  if (scope === "Namespaced" && refNamespace === "" && requestNamespace === "") {
    trace.take("params.namespacedKindClusterScopedRequest");
    return fail("cannot use namespaced paramRef in policy binding that matches cluster-scoped resources");
  }
  if (scope === "Cluster" && refNamespace !== "") {
    trace.take("params.namespaceForClusterScopedKind");
    return fail("paramRef.namespace must not be provided for a cluster-scoped `paramKind`");
  }
  const namespace = scope === "Namespaced" ? refNamespace || requestNamespace : "";
  const store = (cluster.params ?? []).filter(
    (p) =>
      p.apiVersion === kind.apiVersion &&
      p.kind === kind.kind &&
      (scope === "Cluster" || (p.metadata.namespace ?? "") === namespace),
  );
  let found: ParamObject[];
  if ((ref.name ?? "") !== "") {
    trace.take("params.byName");
    found = store.filter((p) => p.metadata.name === ref.name);
  } else if (ref.selector !== undefined) {
    const parsed = parseSelector(ref.selector);
    if (!parsed.ok) return fail(parsed.error); // unreachable: validation rejects such a selector
    trace.take(parsed.empty ? "params.emptySelectorListsAll" : "params.bySelector");
    found = store.filter((p) => parsed.empty || selectorMatches(parsed.requirements, p.metadata.labels ?? {}, trace));
  } else return fail("one of name or selector must be provided"); // unreachable: validation requires one
  if (found.length > 0) return { ok: true, params: found };
  if (ref.parameterNotFoundAction === "Deny") {
    trace.take("params.notFoundDeny");
    return fail("no params found for policy binding with `Deny` parameterNotFoundAction");
  }
  trace.take("params.notFoundAllow");
  return { ok: true, params: [] };
}
