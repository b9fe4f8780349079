// k8s.io/apiserver pkg/admission/plugin/webhook/predicates/namespace/matcher.go
// MatchNamespaceSelector and GetNamespaceLabels.
import type { Cluster } from "../contract/cluster.ts";
import type { LabelSelector } from "../contract/kube.ts";
import type { Attributes } from "./attributes.ts";
import type { Labels } from "./labelSelector.ts";
import { parseSelector, selectorMatches } from "./labelSelector.ts";
import { metadataLabels } from "./objectMeta.ts";
import type { PredicateResult, StatusError } from "./statusError.ts";
import { failed, internalError, matched, namespaceNotFound, notMatched } from "./statusError.ts";
import type { Trace } from "./trace.ts";

export function matchNamespaceSelector(
  selector: LabelSelector,
  attr: Attributes,
  cluster: Cluster,
  trace: Trace,
): PredicateResult {
  // matcher.go: the resource NAME alone decides, the group is ignored.
  if (attr.namespace === "" && attr.resource.resource !== "namespaces") {
    trace.take("namespaceSelector.clusterScopedAlwaysMatches");
    return matched;
  }
  const parsed = parseSelector(selector);
  if (!parsed.ok) {
    trace.take("namespaceSelector.parseError");
    return failed(internalError(parsed.error));
  }
  if (parsed.empty) {
    trace.take("namespaceSelector.emptyMatchesWithoutLookup");
    return matched;
  }
  const lookup = namespaceLabels(attr, cluster, trace);
  if ("error" in lookup) return failed(lookup.error);
  return selectorMatches(parsed.requirements, lookup.labels, trace) ? matched : notMatched;
}

// matcher.go GetNamespaceLabels
function namespaceLabels(
  attr: Attributes,
  cluster: Cluster,
  trace: Trace,
): { readonly labels: Labels } | { readonly error: StatusError } {
  const ownObject =
    attr.resource.resource === "namespaces" &&
    attr.subResource === "" &&
    (attr.operation === "CREATE" || attr.operation === "UPDATE");
  if (ownObject) {
    trace.take("namespaceSelector.namespaceObjectUsesNewLabels");
    return { labels: metadataLabels(attr.object) ?? {} };
  }
  if (attr.namespace === "") {
    // The lister misses "" and the live GET fails before it is sent: not a NotFound, so a 500.
    trace.take("namespaceSelector.emptyNamespaceLookup");
    return { error: internalError("resource name may not be empty") };
  }
  const stored = cluster.namespaces?.[attr.namespace];
  if (stored === undefined) {
    trace.take("namespaceSelector.namespaceNotFound");
    return { error: namespaceNotFound(attr.namespace) };
  }
  trace.take(
    attr.resource.resource === "namespaces"
      ? "namespaceSelector.namespaceObjectUsesStoredLabels"
      : "namespaceSelector.storedNamespaceLabels",
  );
  return { labels: stored };
}
