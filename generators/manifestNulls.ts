import fc from "fast-check";
import type { LabelSelector, MatchResources, RuleWithOperations } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";

/**
 * The same valid subject as a manifest may write it, with nulls where the API server's decoding
 * (sigs.k8s.io/json, encoding/json's rules) makes of null what the subject already says:
 *
 * > The JSON null value unmarshals into an interface, map, pointer, or slice by setting that Go
 * > value to nil. Otherwise, unmarshaling a JSON null into any other Go value has no effect on
 * > the value and produces no error. (encoding/json Unmarshal)
 *
 * An omitted selector, matchPolicy, failurePolicy, scope, rule list or resourceNames becomes
 * null, and an empty string in matchLabels values or expression values becomes null. Fields where
 * null and omitted differ (policyName, validationActions) are left alone.
 */
export type ManifestNullsConstraints = Record<string, never>;

type Loose = Record<string, unknown>;

export function manifestNulls(valid: Subject, _constraints: ManifestNullsConstraints = {}): fc.Arbitrary<Subject> {
  return fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }).map((coins) => {
    let i = 0;
    const flip = () => coins[i++ % coins.length] === true;
    return withNulls(valid, flip);
  });
}

function withNulls(s: Subject, flip: () => boolean): Subject {
  switch (s.kind) {
    case "MatchResources":
      return { ...s, matchResources: onMatchResources(s.matchResources, flip) };
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy": {
      const policy: Loose = { ...s.policy };
      if (policy.matchConstraints !== undefined)
        policy.matchConstraints = onMatchResources(s.policy.matchConstraints ?? {}, flip);
      nullIfOmitted(policy, "failurePolicy", flip);
      const binding = s.binding && {
        ...s.binding,
        ...(s.binding.matchResources && { matchResources: onMatchResources(s.binding.matchResources, flip) }),
      };
      return { ...s, policy, ...(binding && { binding }) } as Subject;
    }
    case "ValidatingWebhook":
    case "MutatingWebhook": {
      const hook: Loose = { ...s.webhook, ...onSelectors(s.webhook, flip) };
      if (s.webhook.rules !== undefined) hook.rules = s.webhook.rules.map((r) => onRule(r, false, flip));
      for (const k of ["rules", "matchPolicy", "failurePolicy"]) nullIfOmitted(hook, k, flip);
      return { ...s, webhook: hook } as Subject;
    }
  }
}

function onMatchResources(mr: MatchResources, flip: () => boolean): MatchResources {
  const out: Loose = { ...mr, ...onSelectors(mr, flip) };
  for (const list of ["resourceRules", "excludeResourceRules"] as const) {
    const rules = mr[list];
    if (rules !== undefined) out[list] = rules.map((r) => onRule(r, true, flip));
  }
  for (const k of ["resourceRules", "excludeResourceRules", "matchPolicy"]) nullIfOmitted(out, k, flip);
  return out as MatchResources;
}

function onSelectors(o: { namespaceSelector?: LabelSelector; objectSelector?: LabelSelector }, flip: () => boolean) {
  const out: Loose = {};
  for (const k of ["namespaceSelector", "objectSelector"] as const) {
    const sel = o[k];
    if (sel === undefined) out[k] = flip() ? null : undefined;
    else out[k] = onSelector(sel, flip);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

function onSelector(sel: LabelSelector, flip: () => boolean): LabelSelector {
  const empty = (v: string) => (v === "" && flip() ? null : v);
  const out: Loose = { ...sel };
  if (sel.matchLabels)
    out.matchLabels = Object.fromEntries(Object.entries(sel.matchLabels).map(([k, v]) => [k, empty(v)]));
  if (sel.matchExpressions)
    out.matchExpressions = sel.matchExpressions.map((e) =>
      e.values === undefined ? e : { ...e, values: e.values.map(empty) },
    );
  return out as LabelSelector;
}

/** resourceNames only on a named rule: a webhook's rule has no such field. */
function onRule<R extends RuleWithOperations>(rule: R, named: boolean, flip: () => boolean): R {
  const out: Loose = { ...(rule as object) };
  for (const k of named ? ["scope", "resourceNames"] : ["scope"]) nullIfOmitted(out, k, flip);
  return out as unknown as R;
}

function nullIfOmitted(o: Loose, key: string, flip: () => boolean): void {
  if (o[key] === undefined && flip()) o[key] = null;
}
