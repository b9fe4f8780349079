// "Matches resourceNames against the generateName prefix": on a generateName CREATE (no name yet),
// the divergence disappears when the resourceNames entries that are a prefix of generateName ("" is
// one of every prefix) name something that is not; and with a non-empty prefix of it in their place
// the implementation still answers as if the name matched, where kube-apiserver does not: it reads
// an entry as a prefix of generateName (not the name "", not generateName as the name). kube-apiserver
// compares the name literally: "" in mutating admission, the generated name (prefix and a random
// suffix) in validating admission. Kyverno: pkg/cel/matching/matcher.go matchesGeneratedName
// (strings.HasPrefix(generateName, entry)).
import type { NamedRuleWithOperations } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { mapRules } from "./rewrite.ts";

export const generateNamePrefixBehaviour: Behaviour = {
  name: "matches resourceNames against the generateName prefix",
  title:
    'matches resourceNames against the generateName prefix: the implementation lets a resourceNames entry that begins generateName ("" always) match a CREATE that has no name yet; kube-apiserver compares the name itself: "" in mutating admission, the generated name (prefix and a random suffix) in validating admission',
  source: "k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc",
};

/** The generateName of a CREATE without a name; undefined for any other request. */
function prefixOf(q: Query): string | undefined {
  const r = q.request;
  const meta = (r.object as { metadata?: { generateName?: unknown } } | null | undefined)?.metadata;
  const g = meta?.generateName;
  return r.operation === "CREATE" && (r.name ?? "") === "" && typeof g === "string" && g !== "" ? g : undefined;
}

/** The case with each rule naming a prefix of `generateName` rewritten by `f`; undefined when none does. */
function onPrefixRules(q: Query, generateName: string, f: (r: NamedRuleWithOperations) => NamedRuleWithOperations) {
  let changed = false;
  const subject = mapRules(q.subject, (r) => {
    if (!r.resourceNames?.some((n) => generateName.startsWith(n))) return r;
    changed = true;
    return f(r);
  });
  return changed ? { ...q, subject } : undefined;
}

export const generateNamePrefix: Probe = {
  name: "generateNamePrefix",
  change(q) {
    const g = prefixOf(q);
    if (g === undefined) return undefined;
    const other = `${g}x`;
    return onPrefixRules(q, g, (r) => {
      const names = (r.resourceNames ?? []).map((n) => (g.startsWith(n) ? other : n));
      return { ...r, resourceNames: [...new Set(names)] };
    });
  },
  // Named by a non-empty prefix (the first letter, or generateName when it has one), the
  // implementation answers as kube-apiserver answers the rules without resourceNames (every name),
  // where kube-apiserver decides the prefix otherwise: a tool that sees the name "" or takes
  // generateName as the name does not.
  async confirm(ctx, q) {
    const g = prefixOf(q);
    if (g === undefined) return false;
    const p = g.slice(0, 1);
    const onPrefix = onPrefixRules(q, g, (r) => ({ ...r, resourceNames: [p] }));
    const anyName = onPrefixRules(q, g, (r) => {
      const { resourceNames: _, ...rest } = r;
      return rest;
    });
    if (onPrefix === undefined || anyName === undefined || !ctx.allows(onPrefix)) return false;
    const named = ctx.model(anyName, false).outcome.outcome;
    if (ctx.model(onPrefix, false).outcome.outcome === named) return false;
    const answer = await ctx.outcomeOf(onPrefix);
    return answer !== undefined && answer.outcome === named;
  },
  behaviour: () => generateNamePrefixBehaviour,
};

export const generateNamePrefixRule = probeRule(generateNamePrefix);
