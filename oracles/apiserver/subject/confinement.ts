// The probe's confinement: a condition true for its own requests only (the extra key they carry,
// probe/names.ts probeExtraKey), and, for a params probe, the label on its own objects.
import type { MatchCondition } from "../../contract/kube.ts";
import type { ProbeNames } from "../probe/names.ts";
import { probeExtraKey, probeLabel, webhookTag } from "../probe/names.ts";

type Obj = Record<string, unknown>;

/**
 * The probe's own confinement: true for its own requests only, which carry the extra key
 * probeExtraKey with the probe's tag (impersonatedUser.ts); false, never an error, for any other
 * (`has` first: an empty extra is left out of the request, and reading it would err).
 */
export const confinement = (p: ProbeNames) =>
  `has(request.userInfo.extra) && '${probeExtraKey}' in request.userInfo.extra && request.userInfo.extra['${probeExtraKey}'] == ['${webhookTag(p)}']`;

/** A subject's condition behind the probe's confinement; the newlines keep a trailing comment in. */
export const confined = (expression: string, p: ProbeNames) => `${confinement(p)} && (\n${expression}\n)`;

/**
 * The probe's matchConditions: the subject's own, each behind the confinement, or the confinement
 * alone. cel-go's `&&` returns false on a false term without evaluating the rest (cel-go v0.29.2
 * interpreter/interpretable.go:390-399, no exhaustive evaluation: k8s.io/apiserver v0.37.2
 * pkg/cel/environment/base.go:78), so for another user's request each condition costs the
 * comparison only and neither errs nor spends the shared budget; and a false condition means no
 * match whatever the others (matchconditions/matcher.go:115-121). `verbatim`: as the subject
 * states them, for a dry-run create that asks their validity only.
 */
export function probeConditions(
  conditions: readonly MatchCondition[] | null | undefined,
  p: ProbeNames,
  verbatim = false,
): readonly MatchCondition[] {
  if (conditions === undefined || conditions === null || conditions.length === 0)
    return [{ name: "mc-probe", expression: confinement(p) }];
  if (verbatim) return conditions;
  return conditions.map((c) => ({ ...c, expression: confined(c.expression ?? "", p) }));
}

/** A server message with the probe's confined expressions put back as the subject states them. */
export function unconfine(message: string, conditions: readonly MatchCondition[] | null | undefined, p: ProbeNames) {
  let m = message;
  for (const c of conditions ?? []) m = m.split(confined(c.expression ?? "", p)).join(c.expression ?? "");
  return m;
}

/**
 * A policy's matchConstraints or a binding's matchResources that also require the probe's label
 * on the object. A policy's configuration error (its paramKind not served) comes right after its
 * matchConstraints matched, a binding's (no params found under Deny, a namespaced paramRef for a
 * cluster-scoped request) from CollectParams after the binding matched, both before any
 * matchCondition (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/generic/policy_dispatcher.go
 * :140-174), so the conditions cannot confine them: the object selectors do. The subject's
 * selectors never name this key, so their result on the labelled object is the one on the case's.
 */
export function labelledOnly(m: unknown, p: ProbeNames): Obj {
  const given = (m ?? {}) as Obj;
  const sel = (given.objectSelector ?? {}) as { matchExpressions?: unknown[] };
  const mine = { key: probeLabel, operator: "In", values: [webhookTag(p)] };
  return { ...given, objectSelector: { ...sel, matchExpressions: [...(sel.matchExpressions ?? []), mine] } };
}
