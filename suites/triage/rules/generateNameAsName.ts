// "Treats generateName as the name": the divergence disappears when a generateName CREATE is given
// its prefix as a name, and the implementation answered the case as kube-apiserver answers that
// one. kube-apiserver admits a generateName CREATE without its prefix as a name: "" in mutating
// admission, the generated name (prefix and a random suffix) in validating admission.
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapMatching } from "./rewrite.ts";

export const generateNameBehaviour: Behaviour = {
  name: "treats generateName as the name",
  title:
    'treats generateName as the name: the implementation matches a generateName CREATE under the prefix as its name; kube-apiserver admits it named "" (mutating admission) or with the generated name (validating admission)',
  source: "k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc",
};

const metadataOf = (o: unknown): Record<string, unknown> | undefined => {
  const m = (o as { metadata?: unknown } | null | undefined)?.metadata;
  return m !== null && typeof m === "object" && !Array.isArray(m) ? (m as Record<string, unknown>) : undefined;
};

export const generateNameAsName: Probe = {
  name: "generateNameAsName",
  change(q: Query) {
    const r = q.request;
    const meta = metadataOf(r.object);
    const prefix = meta?.generateName;
    if (r.operation !== "CREATE" || (r.name ?? "") !== "" || typeof prefix !== "string" || prefix === "")
      return undefined;
    const { generateName: _, ...named } = meta ?? {};
    const object = { ...(r.object ?? {}), metadata: { ...named, name: prefix } };
    return { ...q, request: { ...r, name: prefix, object } };
  },
  // On resourceNames the case cannot tell this from "never matches the name \"\"": naming the
  // prefix in them must then make the implementation answer as kube-apiserver answers the named
  // request (match where the rules name it; excluded where an excludeResourceRule does, which an
  // implementation that never matches "" does not do).
  async confirm(ctx, q, changed) {
    const prefix = changed.request.name ?? "";
    const named = { include: false, exclude: false };
    const only = (where: keyof typeof named) => (r: NamedRuleWithOperations) => {
      if (r.resourceNames === undefined || r.resourceNames.length === 0) return r;
      named[where] = true;
      return { ...r, resourceNames: [prefix] };
    };
    const subject = mapMatching(q.subject, (m) => ({
      ...m,
      ...(m.resourceRules && { resourceRules: m.resourceRules.map(only("include")) }),
      ...(m.excludeResourceRules && { excludeResourceRules: m.excludeResourceRules.map(only("exclude")) }),
    }));
    if (!named.include && !named.exclude) return true;
    const onPrefix = { ...q, subject };
    const answer = await ctx.matcher.match(onPrefix);
    const asNamed = ctx.model({ ...changed, subject }, false).outcome.outcome;
    if (named.include && asNamed !== "match") return false;
    return answer.answer === "outcome" && answer.outcome.outcome === asNamed;
  },
  asIf: true,
  behaviour: () => generateNameBehaviour,
};

export const generateNameAsNameRule = probeRule(generateNameAsName);
