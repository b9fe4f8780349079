// A custom resource whose plural is `namespaces`, cluster-scoped (the corpus's Tenant): k8s.io/apiserver
// predicates/namespace/matcher.go takes the resource's name alone for a namespace's, so under a
// namespaceSelector that is not empty it looks the request's namespace up, and for a request
// without one (a deletecollection's item, the only request of such a kind the server can be asked
// without a name) it asks for the namespace "": client-go's "resource name may not be empty", a 500.
// The server does so while matching, before any condition runs, so a probe's confinement (a
// matchCondition) does not keep that failure from other queries' requests on the same group.
import type { AdmissionRequest, LabelSelector } from "../../contract/kube.ts";
import type { Subject } from "../../contract/subject.ts";

/** A selector the matcher evaluates, looking the namespace up: neither omitted nor empty. */
function looksUp(s: LabelSelector | null | undefined): boolean {
  if (s === undefined || s === null) return false;
  return Object.keys(s.matchLabels ?? {}).length > 0 || (s.matchExpressions ?? []).length > 0;
}

/** Does any of the subject's namespaceSelectors make the server look the namespace up? */
export function selectsNamespaces(subject: Subject): boolean {
  switch (subject.kind) {
    case "MatchResources":
      return looksUp(subject.matchResources?.namespaceSelector);
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return (
        looksUp(subject.policy.matchConstraints?.namespaceSelector) ||
        looksUp(subject.binding?.matchResources?.namespaceSelector)
      );
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return looksUp(subject.webhook.namespaceSelector);
  }
}

/** A cluster-scoped custom resource named namespaces (`namespaced` as the oracle realises it). */
export function clusterScopedNamespaces(req: AdmissionRequest, namespaced: boolean): boolean {
  return !namespaced && req.resource.group !== "" && req.resource.resource === "namespaces";
}
