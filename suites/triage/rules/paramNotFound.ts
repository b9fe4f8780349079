// "Evaluates the policy without params when its paramRef finds none": the divergence disappears when
// the binding has no paramRef (one evaluation, `params` null), and the implementation answered the
// case as kube-apiserver answers that. kube-apiserver reads parameterNotFoundAction there: under
// Allow the policy is not evaluated, under Deny the binding's configuration error. Kyverno's
// offline loop (pkg/admissionpolicy/validate.go processVAPWithoutClient) never reads it.
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { paramCase, paramsFound, withParamRef } from "./paramCase.ts";

export const paramNotFoundBehaviour: Behaviour = {
  name: "evaluates without params when none is found",
  title:
    "evaluates the policy without params when its binding's paramRef finds none, whatever parameterNotFoundAction says: kube-apiserver does not evaluate it under Allow, and fails the request with the binding's configuration error under Deny (failurePolicy Fail)",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/generic/policy_dispatcher.go CollectParams",
};

export const paramNotFound: Probe = {
  name: "paramNotFound",
  change(q) {
    const c = paramCase(q);
    if (c === undefined || paramsFound(q, c)?.length !== 0) return undefined;
    return withParamRef(q, c, undefined);
  },
  // It ran without a param: a tool that found one kube-apiserver does not (another namespace's)
  // answers with that param's name, and is another behaviour.
  async confirm(ctx, q) {
    const o = await ctx.outcomeOf(q);
    return o?.outcome !== "match" || o.params === undefined || o.params.length === 0;
  },
  asIf: true,
  behaviour: () => paramNotFoundBehaviour,
};

export const paramNotFoundRule = probeRule(paramNotFound);
