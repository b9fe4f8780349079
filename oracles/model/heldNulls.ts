// Where a manifest holds a null that decoding.ts turns into something else: a field of the
// admissionregistration Go types, a list item or a map value. The same shapes as decoding.ts's
// table, written out field by field: a decision asks this of every subject, and property loads
// the engine can predict cost a fraction of a walk driven by the table (decoding.test.ts holds
// the two to the same answer).

type Json = Readonly<Record<string, unknown>>;

const isStruct = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Does the subject hold a null that decodeNulls would replace or drop? */
export function holdsDecodedNull(subject: object): boolean {
  const s = subject as Json;
  return (
    policyHoldsNull(s.policy) ||
    bindingHoldsNull(s.binding) ||
    webhookHoldsNull(s.webhook) ||
    matchResourcesHoldsNull(s.matchResources)
  );
}

function policyHoldsNull(p: unknown): boolean {
  if (!isStruct(p)) return false;
  const { matchConstraints, failurePolicy, matchConditions, paramKind } = p;
  return (
    matchConstraints === null ||
    failurePolicy === null ||
    matchConditions === null ||
    paramKind === null ||
    matchResourcesHoldsNull(matchConstraints) ||
    conditionsHoldNull(matchConditions) ||
    (isStruct(paramKind) && (paramKind.apiVersion === null || paramKind.kind === null))
  );
}

function bindingHoldsNull(b: unknown): boolean {
  if (!isStruct(b)) return false;
  const { matchResources, policyName, validationActions, paramRef } = b;
  return (
    matchResources === null ||
    policyName === null ||
    validationActions === null ||
    paramRef === null ||
    matchResourcesHoldsNull(matchResources) ||
    stringsHoldNull(validationActions) ||
    paramRefHoldsNull(paramRef)
  );
}

function paramRefHoldsNull(r: unknown): boolean {
  if (!isStruct(r)) return false;
  return (
    r.name === null ||
    r.namespace === null ||
    r.selector === null ||
    r.parameterNotFoundAction === null ||
    selectorHoldsNull(r.selector)
  );
}

function webhookHoldsNull(w: unknown): boolean {
  if (!isStruct(w)) return false;
  const { rules, namespaceSelector, objectSelector, matchPolicy, failurePolicy, matchConditions } = w;
  return (
    rules === null ||
    namespaceSelector === null ||
    objectSelector === null ||
    matchPolicy === null ||
    failurePolicy === null ||
    matchConditions === null ||
    rulesHoldNull(rules, false) ||
    selectorHoldsNull(namespaceSelector) ||
    selectorHoldsNull(objectSelector) ||
    conditionsHoldNull(matchConditions)
  );
}

function matchResourcesHoldsNull(m: unknown): boolean {
  if (!isStruct(m)) return false;
  const { namespaceSelector, objectSelector, resourceRules, excludeResourceRules, matchPolicy } = m;
  return (
    namespaceSelector === null ||
    objectSelector === null ||
    resourceRules === null ||
    excludeResourceRules === null ||
    matchPolicy === null ||
    selectorHoldsNull(namespaceSelector) ||
    selectorHoldsNull(objectSelector) ||
    rulesHoldNull(resourceRules, true) ||
    rulesHoldNull(excludeResourceRules, true)
  );
}

/** A list of rules, named (with resourceNames) or a webhook's, whose resourceNames are no field. */
function rulesHoldNull(rules: unknown, named: boolean): boolean {
  if (!Array.isArray(rules)) return false;
  for (const r of rules) {
    if (r === null) return true;
    if (!isStruct(r)) continue;
    const { operations, apiGroups, apiVersions, resources, scope, resourceNames } = r;
    if (scope === null || stringsHoldNull(operations) || stringsHoldNull(apiGroups)) return true;
    if (stringsHoldNull(apiVersions) || stringsHoldNull(resources)) return true;
    if (named && stringsHoldNull(resourceNames)) return true;
  }
  return false;
}

function selectorHoldsNull(s: unknown): boolean {
  if (!isStruct(s)) return false;
  const { matchLabels, matchExpressions } = s;
  if (matchLabels === null || matchExpressions === null) return true;
  if (typeof matchLabels === "object") {
    const labels = matchLabels as Json;
    for (const k in labels) if (labels[k] === null && Object.hasOwn(labels, k)) return true;
  }
  if (!Array.isArray(matchExpressions)) return false;
  for (const e of matchExpressions) {
    if (e === null) return true;
    if (isStruct(e) && (e.key === null || e.operator === null || stringsHoldNull(e.values))) return true;
  }
  return false;
}

function conditionsHoldNull(conditions: unknown): boolean {
  if (!Array.isArray(conditions)) return false;
  for (const c of conditions)
    if (c === null || (isStruct(c) && (c.name === null || c.expression === null))) return true;
  return false;
}

/** A list of strings: null is the list's nil, a null item its "". */
function stringsHoldNull(list: unknown): boolean {
  if (list === null) return true;
  if (!Array.isArray(list)) return false;
  for (const v of list) if (v === null) return true;
  return false;
}
