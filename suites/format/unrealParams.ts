// The custom kinds and param objects of a cluster as a real server could hold them: a kind a
// CustomResourceDefinition can serve, objects of a served kind, in namespaces that exist, each
// named once (docs/case-format.md, "Params").
import type { Cluster, ParamObject } from "../../oracles/contract/cluster.ts";
import { labelKeyErrors, labelValueErrors, nameIsDNSSubdomain } from "../../oracles/model/labelValidation.ts";
import { groupOf, paramScope } from "../../oracles/model/params.ts";
import type { Unreal } from "./unrealInput.ts";

const builtinGroup = (g: string) => g === "" || !g.includes(".") || g.endsWith(".k8s.io");

export function unrealParams(cluster: Cluster | undefined): Unreal | undefined {
  if (cluster === undefined) return undefined;
  return unrealKinds(cluster) ?? (cluster.params ?? []).map((p, i) => unrealParam(cluster, p, i)).find((u) => u);
}

function unrealKinds(cluster: Cluster): Unreal | undefined {
  const seen = new Set<string>();
  for (const [i, k] of (cluster.customKinds ?? []).entries()) {
    const field = `.cluster.customKinds[${i}]`;
    const group = groupOf(k.apiVersion);
    if (builtinGroup(group))
      return {
        field,
        message: `${group || "the core group"} is a built-in group: a CustomResourceDefinition serves a group with a dot outside *.k8s.io`,
      };
    if (!/^[A-Z][A-Za-z0-9]{0,62}$/.test(k.kind))
      return { field: `${field}.kind`, message: "a CustomResourceDefinition's kind is a CamelCase name" };
    const key = `${group}/${k.kind}`;
    if (seen.has(key))
      return {
        field,
        message: `${k.kind} of ${group} is listed twice: the case format serves each custom kind at one version`,
      };
    seen.add(key);
  }
  return undefined;
}

function unrealParam(cluster: Cluster, p: ParamObject, i: number): Unreal | undefined {
  const field = `.cluster.params[${i}]`;
  const scope = paramScope(p, cluster);
  if (scope === undefined)
    return {
      field,
      message: `${p.apiVersion} ${p.kind} is not served: a param is a v1 ConfigMap or of one of cluster.customKinds`,
    };
  const { name, namespace, labels } = p.metadata;
  if (nameIsDNSSubdomain(name).length > 0)
    return { field: `${field}.metadata.name`, message: "a param's name is a DNS subdomain" };
  if (scope === "Cluster" && namespace !== undefined)
    return {
      field: `${field}.metadata.namespace`,
      message: `${p.kind} is cluster-scoped: its objects have no namespace`,
    };
  if (scope === "Namespaced" && (namespace === undefined || cluster.namespaces?.[namespace] === undefined))
    return {
      field: `${field}.metadata.namespace`,
      message: `${p.kind} is namespaced: its objects live in a namespace of cluster.namespaces`,
    };
  for (const [key, value] of Object.entries(labels ?? {}))
    if (labelKeyErrors(key, "1.37").length + labelValueErrors(value, "1.37").length > 0)
      return { field: `${field}.metadata.labels`, message: `${key}: ${value} is not a valid label` };
  const same = (o: ParamObject) =>
    o.apiVersion === p.apiVersion &&
    o.kind === p.kind &&
    o.metadata.name === name &&
    o.metadata.namespace === namespace;
  if ((cluster.params ?? []).findIndex(same) !== i) return { field, message: `${p.kind} ${name} is listed twice` };
  if (p.kind === "ConfigMap") return unrealConfigMap(p, field);
  return undefined;
}

// core/v1 ConfigMap: data is a map of strings; nothing else at the top besides apiVersion, kind, metadata.
function unrealConfigMap(p: ParamObject, field: string): Unreal | undefined {
  const extra = Object.keys(p).find((k) => !["apiVersion", "kind", "metadata", "data"].includes(k));
  if (extra !== undefined) return { field: `${field}.${extra}`, message: "a ConfigMap param holds its values in data" };
  const data = p.data;
  if (data === undefined) return undefined;
  const strings =
    typeof data === "object" &&
    data !== null &&
    !Array.isArray(data) &&
    Object.values(data).every((v) => typeof v === "string");
  return strings ? undefined : { field: `${field}.data`, message: "a ConfigMap's data maps keys to strings" };
}
