// The miniatures' bugs and the titles their causes must carry: what the implementation does (or
// what kube-apiserver does that it does not), whichever clause the minimal case crossed. Shared by
// the miniatures' test and the CLI measurement (behaviourCauses.ts).
import { bugSwitches } from "./diagnosisQuality.ts";

export const simpleBugs = bugSwitches;

/** A title naming the behaviour of each simple-matcher switch. */
export const bugTitles: Readonly<Record<(typeof bugSwitches)[number], RegExp>> = {
  "pods-star-excludes-main": /^leaves the resource itself out of "x\/\*"/,
  "star-matches-subresources": /^matches subresources with the resource entry "\*"/,
  "object-selector-new-only": /^matches the objectSelector on the new object only/,
  "omitted-matchpolicy-exact": /^takes an omitted matchPolicy as Exact/,
  "namespace-object-stored-labels": /^matches a Namespace CREATE or UPDATE on the stored namespace's labels/,
  "cluster-scoped-uses-namespace-selector": /^evaluates the namespaceSelector on a cluster-scoped request/,
  "exclude-ignores-equivalent":
    /^(matches excludeResourceRules as if matchPolicy were Exact|a matching excludeResourceRule means no match)/,
  "selector-error-always": /^fails the request on a namespaceSelector's lookup error before the rules decide/,
  "missing-namespace-no-match": /^decides a namespaceSelector on a namespace that does not exist/,
  "resource-names-ignore-empty": /^never matches resourceNames "" to a request without a name/,
  "no-exemptions": /^does not exempt what kube-apiserver never sends to policies and webhooks/,
  "scope-namespaced-includes-namespace": /^takes a Namespace for a namespaced object in a rule's scope/,
  "empty-resource-rules-match-nothing": /^takes resourceRules \[\] as matching nothing/,
  "no-binding-still-evaluated": /^evaluates a policy that no binding selects/,
  "mutating-policy-handles-delete": /^dispatches a MutatingAdmissionPolicy for DELETE/,
  "config-error-respects-warn": /^drops a policy's configuration error .* when its binding only warns or audits/,
  "validation-order-independent": /^rejects a rule's resources by their wildcards whatever their order/,
  "first-equivalent-by-registry": /^tries the equivalent resources in the registry's order before the rules'/,
  "exact-pass-per-rule": /^tries each rule through the equivalent resources before the next rule/,
  "webhook-ignore-swallows-errors": /^swallows a webhook's selector errors .* under failurePolicy Ignore/,
  "no-namespace-object-lookup": /^does not look up the request's namespace for a matched policy/,
};

/** The offline evaluator's switches (examples/offline-evaluator), bugs seen in real offline tools. */
export const realWorldBugs = ["plural-from-kind", "resource-names-star", "conditions-never-evaluated"] as const;

export const realWorldTitles: Readonly<Record<(typeof realWorldBugs)[number], RegExp>> = {
  "plural-from-kind": /^derives the resource from the kind \(guesses the plural\)/,
  "resource-names-star": /^takes resourceNames "\*" as a wildcard/,
  "conditions-never-evaluated": /^does not evaluate matchConditions/,
};

/**
 * Switches another switch turns off: with the other on, the simple matcher never runs their code
 * (matchesResourceRules: the per-rule pass of exact-pass-per-rule returns before the registry-first
 * equivalent pass is reached), so a combination holding both has the other's behaviour alone and no
 * cause can name theirs. The measurement lists them apart, not as hidden (shadowedSwitches.test.ts).
 */
export const shadowedBy: Readonly<Partial<Record<(typeof bugSwitches)[number], readonly string[]>>> = {
  "first-equivalent-by-registry": ["exact-pass-per-rule"],
};

/** The switches of `bugs` that another of them turns off. */
export function shadowed(bugs: readonly string[]): string[] {
  return bugs.filter((b) => (shadowedBy[b as (typeof bugSwitches)[number]] ?? []).some((o) => bugs.includes(o)));
}
