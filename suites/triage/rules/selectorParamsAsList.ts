// "Hands a selector's params to the policy as one List": the divergence disappears when the
// paramRef names the one param its selector found, and with no matchConditions the implementation
// agrees on the case (it found the right params; only the conditions saw them otherwise).
// kube-apiserver evaluates the policy once per param found, each as `params`; Kyverno's offline
// loop (pkg/admissionpolicy/validate.go processVAPWithoutClient) passes an UnstructuredList.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";
import { paramCase, paramsFound, withParamRef } from "./paramCase.ts";
import { conditionsOf, withConditions } from "./rewrite.ts";

export const selectorParamsAsListBehaviour: Behaviour = {
  name: "hands a selector's params as one List",
  title:
    "hands the params a paramRef.selector finds to the policy as one List: its matchConditions see `params` as a list of objects; kube-apiserver evaluates the policy once per param found, each time with that object as `params`",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

function byName(q: Query): Query | undefined {
  const c = paramCase(q);
  if (c === undefined || c.ref.selector === undefined || (conditionsOf(q.subject) ?? []).length === 0) return undefined;
  const found = paramsFound(q, c);
  if (found === undefined || found.length !== 1 || found[0] === undefined) return undefined;
  const { selector: _, ...ref } = c.ref;
  return withParamRef(q, c, { ...ref, name: found[0].metadata.name });
}

export const selectorParamsAsList: Probe = {
  name: "selectorParamsAsList",
  change: byName,
  confirm: (ctx, q) => agreesOn(ctx, { ...q, subject: withConditions(q.subject, undefined) }),
  behaviour: () => selectorParamsAsListBehaviour,
};

export const selectorParamsAsListRule = probeRule(selectorParamsAsList);
