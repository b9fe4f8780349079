// What a divergence in matchConditions turns on: the CEL functions its conditions call, or, when
// they call none, the fields they read. kube-apiserver's clauses say only that the conditions were
// all true, one was false or one erred; which way round depends on the expression, while the bug
// (a string function that clamps instead of failing, an empty field that is present instead of
// absent) is the same. So such divergences are keyed on the CEL they use, not on the outcomes.
import type { parse } from "@bufbuild/cel";
import type { Query } from "../../oracles/contract/query.ts";
import { parseCondition } from "../../oracles/model/cel/evaluate.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";

type Expr = ReturnType<typeof parse>["expr"];

/** The clauses where a request's evaluated matchConditions decide. */
const evaluated: ReadonlySet<ClauseName> = new Set<ClauseName>([
  "matchConditions.allTrue",
  "matchConditions.errorIgnored",
  "matchConditions.falseNoMatch",
  "matchConditions.falseWinsOverErrors",
  "policy.conditionErrorDenied",
  "policy.conditionErrorNotDenied",
  "policy.mutatingConditionErrorForbidden",
  "webhook.conditionErrorForbidden",
]);

/**
 * "indexOf", "request.namespace", …: what the subject's conditions use, when the deciding clause is
 * their evaluation; undefined otherwise, or when no condition parses.
 */
export function celTopicOf(q: Query, deciding: ClauseName | "none"): string | undefined {
  if (deciding === "none" || !evaluated.has(deciding)) return undefined;
  const s = q.subject as { policy?: { matchConditions?: unknown }; webhook?: { matchConditions?: unknown } };
  const list = s.policy?.matchConditions ?? s.webhook?.matchConditions;
  if (!Array.isArray(list)) return undefined;
  const functions = new Set<string>();
  const fields = new Set<string>();
  for (const c of list as { expression?: unknown }[]) {
    if (typeof c?.expression !== "string") continue;
    const p = parseCondition(c.expression);
    if (p.ok && p.parsed.expr) walk(p.parsed.expr, functions, fields);
  }
  const named = functions.size > 0 ? functions : fields;
  return named.size > 0 ? [...named].sort().join(", ") : undefined;
}

/** Operators (`_==_`, `!_`, `@in`, `_[_]`) are not what a condition turns on; functions are. */
const isOperator = (name: string) => /^[_@!]/.test(name);

/** Collects the functions `e` calls and, unless `fields` is undefined, the variable paths it reads. */
function walk(e: Expr, functions: Set<string>, fields: Set<string> | undefined): void {
  const k = e.exprKind;
  switch (k.case) {
    case "selectExpr": {
      const path = pathOf(e);
      if (path !== undefined) fields?.add(path);
      else if (k.value.operand) walk(k.value.operand, functions, fields);
      return;
    }
    case "identExpr":
      fields?.add(k.value.name);
      return;
    case "callExpr":
      if (!isOperator(k.value.function)) functions.add(k.value.function);
      if (k.value.target) walk(k.value.target, functions, fields);
      for (const a of k.value.args) walk(a, functions, fields);
      return;
    case "listExpr":
      for (const el of k.value.elements) walk(el, functions, fields);
      return;
    case "structExpr":
      for (const entry of k.value.entries) {
        if (entry.keyKind.case === "mapKey") walk(entry.keyKind.value, functions, fields);
        if (entry.value) walk(entry.value, functions, fields);
      }
      return;
    case "comprehensionExpr":
      // exists, all, exists_one, map, filter: the range's fields, and the functions of the step
      // (whose identifiers are the macro's own variables).
      if (k.value.iterRange) walk(k.value.iterRange, functions, fields);
      if (k.value.loopStep) walk(k.value.loopStep, functions, undefined);
      return;
    default:
      return;
  }
}

/** `request.userInfo.username` for a selection chain down to a variable, else undefined. */
function pathOf(e: Expr): string | undefined {
  const k = e.exprKind;
  if (k.case === "identExpr") return k.value.name;
  if (k.case !== "selectExpr" || !k.value.operand) return undefined;
  const inner = pathOf(k.value.operand);
  return inner === undefined ? undefined : `${inner}.${k.value.field}`;
}
