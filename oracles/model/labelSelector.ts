// k8s.io/apimachinery pkg/apis/meta/v1/helpers.go LabelSelectorAsSelector and
// pkg/labels/selector.go Requirement.Matches.
import type { LabelSelector } from "../contract/kube.ts";
import type { Trace } from "./trace.ts";

export type Labels = Readonly<Record<string, string>>;

export type Requirement = { readonly key: string; readonly operator: string; readonly values: readonly string[] };

/** A parsed selector: `empty` is labels.Everything() (the {} selector). */
export type ParsedSelector =
  | { readonly ok: true; readonly empty: boolean; readonly requirements: readonly Requirement[] }
  | { readonly ok: false; readonly error: string };

const operators = new Set(["In", "NotIn", "Exists", "DoesNotExist"]);
const everything: ParsedSelector = { ok: true, empty: true, requirements: [] };

/**
 * LabelSelectorAsSelector for a selector that is present. Validation rejects every selector that
 * would fail to parse here, so the error branch is reached only by objects that bypassed the API.
 */
export function parseSelector(selector: LabelSelector): ParsedSelector {
  const requirements: Requirement[] = [];
  const matchLabels = selector.matchLabels;
  // Own enumerable keys in Object.entries' order.
  if (matchLabels !== undefined)
    for (const key in matchLabels)
      if (Object.hasOwn(matchLabels, key))
        requirements.push({ key, operator: "Equals", values: [matchLabels[key] as string] });
  const expressions = selector.matchExpressions ?? [];
  if (requirements.length + expressions.length === 0) return everything;
  for (const e of expressions) {
    if (!operators.has(e.operator))
      return { ok: false, error: `"${e.operator}" is not a valid label selector operator` };
    requirements.push({ key: e.key, operator: e.operator, values: e.values ?? [] });
  }
  return { ok: true, empty: false, requirements };
}

/** Selector.Matches: the AND of all requirements. */
export function selectorMatches(requirements: readonly Requirement[], labels: Labels, trace: Trace): boolean {
  for (const r of requirements) if (!requirementMatches(r, labels, trace)) return false;
  return true;
}

function requirementMatches(r: Requirement, labels: Labels, trace: Trace): boolean {
  const has = Object.hasOwn(labels, r.key);
  const value = labels[r.key];
  switch (r.operator) {
    case "Equals":
      trace.take("labelSelector.matchLabels");
      return has && value === r.values[0];
    case "In":
      trace.take(has ? "labelSelector.in" : "labelSelector.inMissingKey");
      return has && r.values.includes(value ?? "");
    case "NotIn":
      trace.take(has ? "labelSelector.notIn" : "labelSelector.notInMissingKey");
      return !has || !r.values.includes(value ?? "");
    case "Exists":
      trace.take("labelSelector.exists");
      return has;
    default:
      trace.take("labelSelector.doesNotExist");
      return !has;
  }
}
