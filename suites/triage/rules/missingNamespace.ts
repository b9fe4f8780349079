// A namespace that does not exist: the divergence disappears once it exists (labelled only with its
// own name, as defaulting labels every namespace). Which behaviour depends on the side that fails:
// the implementation fails where kube-apiserver never looks the namespace up, or decides where
// kube-apiserver's lookup fails the request (for the namespaceSelector, or a matched policy's
// namespaceObject). The features that select a code path of their own (failurePolicy Ignore, a
// binding that only warns) stay in the key: they tell apart bugs that all show here.
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { isNamespaceObject } from "./namespaceOwnLabels.ts";

const selectorSource = clauses["namespaceSelector.namespaceNotFound"].source;

export const missingNamespaceBehaviours = {
  looksUpEarly: {
    name: "looks up a missing namespace kube-apiserver does not ask for",
    title:
      'fails the request on a namespaceSelector\'s lookup error before the rules decide: the implementation returns the error of looking the namespace up (a namespace that does not exist, "" for a request without namespace) for a request the objectSelector or the rules do not match, or an exclude matches; kube-apiserver drops that error then, and returns it only for a request its selectors and rules match',
    source: selectorSource,
  },
  skipsPolicyLookup: {
    name: "does not look up a matched policy's namespace",
    title:
      "does not look up the request's namespace for a matched policy: kube-apiserver fails the request when the namespace does not exist (404, the policy's namespaceObject), the implementation decides it",
    source: clauses["policy.namespaceObjectNotFound"].source,
  },
  decidesMissing: {
    name: "decides a namespaceSelector on a missing namespace",
    title:
      "decides a namespaceSelector on a namespace that does not exist: kube-apiserver fails the request (404 from the namespace lookup), the implementation decides as if the namespace existed",
    source: selectorSource,
  },
} satisfies Record<string, Behaviour>;

/** The request's namespace when it does not exist; a Namespace's own name is namespaceOwnLabels.ts's. */
const missing = (q: Query): string | undefined => {
  if (isNamespaceObject(q)) return undefined;
  const ns = q.request.namespace ?? "";
  return ns !== "" && !Object.hasOwn(q.cluster.namespaces ?? {}, ns) ? ns : undefined;
};

async function behaviour(ctx: TriageContext, q: Query): Promise<Behaviour> {
  const model = ctx.model(q, false);
  if (model.outcome.outcome !== "error") return missingNamespaceBehaviours.looksUpEarly;
  return model.clauses.includes("policy.namespaceObjectNotFound")
    ? missingNamespaceBehaviours.skipsPolicyLookup
    : missingNamespaceBehaviours.decidesMissing;
}

export const missingNamespace: Probe = {
  name: "missingNamespace",
  change(q) {
    const ns = missing(q);
    if (ns === undefined) return undefined;
    const namespaces = { ...q.cluster.namespaces, [ns]: { "kubernetes.io/metadata.name": ns } };
    return { ...q, cluster: { ...q.cluster, namespaces } };
  },
  behaviour,
  keepsFeatures: true,
};

export const missingNamespaceRule = probeRule(missingNamespace);
