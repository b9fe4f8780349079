// The names of a real cluster a reduction keeps (issue 23): a resource, an object name, a label key
// or value from the generators' realistic vocabulary is already as plain as a case needs, and reads
// as the cluster a maintainer runs; only the generators' invented names (x, example.com's widgets,
// long made-up labels) are made canonical.
import {
  realisticLabelKeys,
  realisticLabelValues,
  realisticNamespaces,
  realisticObjectNames,
  realisticTypes,
} from "../../generators/realisticResources.ts";
import type { GroupVersionResource } from "../../oracles/contract/kube.ts";

const resources = new Set(realisticTypes.map((t) => `${t.group}/${t.resource}`));

/** A resource a real cluster serves under this group (pods, deployments.apps, gateways.gateway.networking.k8s.io). */
export function isRealResource(r: Pick<GroupVersionResource, "group" | "resource">): boolean {
  return resources.has(`${r.group}/${r.resource}`);
}

const names = new Set<string>(["web", "db", ...realisticObjectNames]);

/** An object name as clusters hold them (web, coredns, kube-root-ca.crt); not x, nor a made-up string. */
export function isRealName(name: string): boolean {
  return names.has(name);
}

export const realLabelKeys: ReadonlySet<string> = new Set(realisticLabelKeys);

/**
 * Label values of real clusters ("" is one too: a label set to nothing), and the namespaces' and
 * objects' names, which labels carry (kubernetes.io/metadata.name: default): a label value renamed
 * is renamed wherever the string stands, the namespace itself included.
 */
export const realLabelValues: ReadonlySet<string> = new Set([
  ...realisticLabelValues,
  ...realisticNamespaces,
  ...realisticObjectNames,
]);
