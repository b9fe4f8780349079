// "Rejects a rule's resources whatever their order": the implementation rejects a subject that
// kube-apiserver stores, and kube-apiserver rejects it too, for the reason the implementation gave,
// once each rule's wildcard entries come first. kube-apiserver's wildcard checks look back only:
// "x/y" is rejected after "x/*" or "*/y", and "*" beside a plain resource only when the last plain
// entry is not "*"; so ["pods/status", "pods/*"] and ["pods", "*"] are stored. A subject's validity
// is otherwise a family of its own (diagnosis.ts), which no counterfactual probe names.
import { agree } from "../../../oracles/contract/agreement.ts";
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour, Diagnosis } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import { mapRules } from "./rewrite.ts";
import type { TriageRule } from "./rule.ts";

export const resourcesOrderBehaviour: Behaviour = {
  name: "rejects a rule's resources whatever their order",
  title:
    'rejects a rule\'s resources by their wildcards whatever their order: the implementation rejects lists such as ["pods/status", "pods/*"] or ["pods", "*"], which kube-apiserver stores; its checks look back only ("x/y" is rejected after "x/*" or "*/y", "*" beside a plain resource only when the last plain entry is not "*")',
  source: "k8s.io/kubernetes pkg/apis/admissionregistration/validation/validation.go validateResources",
};

/** The case with each rule's wildcard entries first; undefined when no list changes. */
function wildcardsFirst(q: Query): Query | undefined {
  let changed = false;
  const sorted = (r: NamedRuleWithOperations): NamedRuleWithOperations => {
    const resources = r.resources ?? [];
    const next = [...resources.filter((x) => x.includes("*")), ...resources.filter((x) => !x.includes("*"))];
    if (next.every((x, i) => x === resources[i])) return r;
    changed = true;
    return { ...r, resources: next };
  };
  const subject = mapRules(q.subject, sorted);
  return changed ? { ...q, subject } : undefined;
}

/** kube-apiserver's reasons for rejecting a list of resources, without the path and index. */
const reasons = (message: string): string[] => message.match(/if '[^']*' is present, must not specify [^"\n;]+/g) ?? [];

async function rejectsInOrder(ctx: TriageContext, q: Query, message: string): Promise<boolean> {
  const changed = wildcardsFirst(q);
  if (changed === undefined || !ctx.allows(changed)) return false;
  const kube = ctx.model(changed, false).outcome;
  if (kube.outcome !== "invalid" || !reasons(kube.message).some((r) => message.includes(r))) return false;
  const answer = await ctx.outcomeOf(changed);
  return answer !== undefined && agree(kube, answer);
}

const named = (d: Diagnosis): Diagnosis => {
  const { family: _, ...rest } = d;
  const topic = `behaviour ${resourcesOrderBehaviour.name}`;
  return { ...rest, topic, key: topic, features: [], behaviour: resourcesOrderBehaviour };
};

export const resourcesOrderRule: TriageRule = {
  name: "resourcesOrder",
  // Also on an example the time left unreduced (unlike the probes): two calls, and only where the
  // implementation rejected a subject, so that the cause is named alike whatever the load let reduce.
  async find(ctx, c) {
    if (c.answer.answer !== "outcome" || c.answer.outcome.outcome !== "invalid") return undefined;
    if (ctx.decidedBy(c.query) !== "model" || ctx.model(c.query, false).outcome.outcome === "invalid") return undefined;
    if (!(await rejectsInOrder(ctx, c.query, c.answer.outcome.message))) return undefined;
    return { rekey: named };
  },
};
