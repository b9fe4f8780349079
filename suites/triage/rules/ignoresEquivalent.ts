// "Ignores matchPolicy: Equivalent": the divergence disappears when every matchPolicy of the case
// becomes Exact, and the implementation answered the case as kube-apiserver answers it under Exact.
// Which side of it: an omitted matchPolicy alone (kube-apiserver defaults it to Equivalent), the
// excludeResourceRules alone, or every rule.
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { TriageContext } from "../triageContext.ts";
import type { Probe } from "./counterfactual.ts";
import { agreesOn, probeRule } from "./counterfactual.ts";
import { mapMatching, omitted } from "./rewrite.ts";

/** The case with each matchPolicy `from` selects set to `to`; undefined when none is. */
function withMatchPolicy(q: Query, from: (p: string | undefined) => boolean, to: string): Query | undefined {
  let changed = false;
  const subject = mapMatching(q.subject, (m) => {
    if (!from(m.matchPolicy)) return m;
    changed = true;
    return { ...m, matchPolicy: to };
  });
  return changed ? { ...q, subject } : undefined;
}

const isWebhook = (q: Query) => q.subject.kind === "ValidatingWebhook" || q.subject.kind === "MutatingWebhook";

const equivalentSource = (q: Query) =>
  clauses[isWebhook(q) ? "webhook.equivalentRuleMatches" : "matchResources.equivalentRuleMatches"].source;

export const behaviours = {
  ignoresEquivalent: (q: Query): Behaviour => ({
    name: "ignores matchPolicy: Equivalent",
    title:
      "ignores matchPolicy: Equivalent: the implementation matches rules against the request's own resource only; kube-apiserver also matches a rule naming an equivalent resource (the same objects served by another group or version)",
    source: equivalentSource(q),
  }),
  omittedIsExact: (): Behaviour => ({
    name: "takes an omitted matchPolicy as Exact",
    title:
      "takes an omitted matchPolicy as Exact: the implementation tries no equivalent resource when matchPolicy is left out; kube-apiserver defaults it to Equivalent",
    source: clauses["defaulting.matchPolicyEquivalent"].source,
  }),
  excludeExact: (): Behaviour => ({
    name: "matches excludeResourceRules as Exact",
    title:
      "matches excludeResourceRules as if matchPolicy were Exact: the implementation excludes only the request's own resource; kube-apiserver under Equivalent also excludes through an equivalent resource",
    source: clauses["matchResources.excludeWins"].source,
  }),
};

async function behaviour(ctx: TriageContext, q: Query): Promise<Behaviour> {
  if (ctx.model(q, false).clauses.includes("matchResources.excludeWins")) return behaviours.excludeExact();
  // Said explicitly, Equivalent is honoured: only the omitted matchPolicy is taken as Exact.
  const explicit = withMatchPolicy(q, omitted, "Equivalent");
  if (explicit !== undefined && (await agreesOn(ctx, explicit))) return behaviours.omittedIsExact();
  return behaviours.ignoresEquivalent(q);
}

export const ignoresEquivalent: Probe = {
  name: "ignoresEquivalent",
  // Not where kube-apiserver fails the request: an equivalent without a kind errs, and Exact, which
  // never looks, would "explain" whatever the implementation made of that error.
  change: (q, ctx) =>
    ctx.model(q, false).outcome.outcome === "error"
      ? undefined
      : withMatchPolicy(q, (p) => omitted(p) || p === "Equivalent", "Exact"),
  asIf: true,
  behaviour,
};

export const ignoresEquivalentRule = probeRule(ignoresEquivalent);
