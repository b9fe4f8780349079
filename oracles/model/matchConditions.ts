// k8s.io/apiserver pkg/admission/plugin/webhook/matchconditions/matcher.go Match, and the compile
// step of pkg/admission/plugin/cel/compile.go CompileCELExpression that API validation runs.
import type { parse } from "@bufbuild/cel";
import type { MatchCondition } from "../contract/kube.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import { typeName } from "./cel/celType.ts";
import { checkCondition } from "./cel/check.ts";
import type { Variable } from "./cel/checkWalk.ts";
import { compilationFailed } from "./cel/compileIssues.ts";
import type { Bindings } from "./cel/evaluate.ts";
import { evaluateCondition, parseCondition } from "./cel/evaluate.ts";
import type { Trace } from "./trace.ts";

export type Compiled =
  | {
      readonly kind: "ok";
      readonly parsed: ReturnType<typeof parse>;
      readonly reads: ReadonlySet<Variable>;
      /** A conditional at the root, whose bool type 1.30 and 1.31 compare by pointer. */
      readonly rootConditional: boolean;
    }
  | {
      readonly kind: "compileError";
      readonly detail: string;
      /** The detail is cel-go's, word for word: every issue with its position and snippet. */
      readonly exact: boolean;
    }
  /** compile.go: the output type is not exactly bool; the message depends on the minor. */
  | { readonly kind: "notBool"; readonly got: string }
  | { readonly kind: "outside"; readonly reason: string };

const cache = new Map<string, Compiled>();

/**
 * The trimmed expression as validation compiles it (validation.go validateMatchCondition), with
 * `params` declared when the policy has a paramKind (allowParamsInMatchConditions).
 */
export function compileCondition(expression: string, hasParams = false): Compiled {
  const trimmed = expression.trim();
  const key = `${hasParams ? "p" : "-"}${trimmed}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const compiled = compile(trimmed, hasParams);
  cache.set(key, compiled);
  return compiled;
}

function compile(expression: string, hasParams: boolean): Compiled {
  const p = parseCondition(expression);
  if (!p.ok) {
    // Optional syntax (?. ?[ {?k: v} [?x]) is on in upstream's base environment and not in
    // @bufbuild/cel's parser: such an expression is outside the model, not a compile error.
    if (expression.includes("?")) return { kind: "outside", reason: "optional syntax (?.) is not parsed" };
    // cel-go's ANTLR parser words and places syntax errors its own way: not modelled.
    const detail = `compilation failed: ERROR: <input>: a syntax error (the model's parser: ${p.message})`;
    return { kind: "compileError", detail, exact: false };
  }
  const checked = checkCondition(p.parsed, expression, hasParams);
  if (checked.kind === "compileError")
    return { kind: "compileError", ...compilationFailed(expression, checked.issues) };
  if (checked.kind === "outside") return checked;
  if (checked.type.k === "bool") {
    const bad = checked.constantRegexes.find((r) => !compilesAsRegex(r));
    if (bad !== undefined)
      return { kind: "outside", reason: `the constant regex ${JSON.stringify(bad)} does not compile` };
    const root = p.parsed.expr.exprKind;
    const rootConditional = root.case === "callExpr" && root.value.function === "_?_:_";
    return { kind: "ok", parsed: p.parsed, reads: checked.reads, rootConditional };
  }
  // compile.go: the output type is exactly bool (a dyn one is not).
  const name = checked.type.k === "dyn" && !checked.plainDynPath ? undefined : typeName(checked.type);
  if (name === undefined) return { kind: "outside", reason: "the model cannot tell the expression's type" };
  return { kind: "notBool", got: name };
}

/**
 * compile.go CompileCELExpression's reason: "must evaluate to bool" in 1.30 and 1.31 (v0.31.14
 * compares the *cel.Type pointers), "must evaluate to bool but got <type>" from 1.32 (v0.32.13
 * IsExactType).
 */
export function notBoolDetail(got: string, minor: Minor): string {
  return atLeast(minor, 32) ? `must evaluate to bool but got ${got}` : "must evaluate to bool";
}

// A constant pattern is compiled when the program is built (CompileRegexConstants in upstream's
// base environment); the model takes no position on a pattern @bufbuild/re2 refuses.
function compilesAsRegex(pattern: string): boolean {
  const p = parseCondition(`''.matches(${JSON.stringify(pattern)})`);
  if (!p.ok) return false;
  const r = evaluateCondition(
    p.parsed,
    { object: null, oldObject: null, request: null, namespaceObject: null },
    "1.37",
  );
  return "result" in r;
}

export type ConditionsResult =
  | { readonly result: "match" }
  | { readonly result: "noMatch"; readonly failedCondition?: string }
  | { readonly result: "error"; readonly message: string };

/**
 * matcher.go Match: every condition is evaluated; any false one means no match, whatever errors
 * the others had; errors without a false one are an error under Fail and no match under Ignore.
 */
export function evaluateConditions(
  conditions: readonly MatchCondition[],
  failurePolicy: string | undefined,
  bindings: Bindings,
  minor: Minor,
  trace: Trace,
): ConditionsResult {
  const errors: string[] = [];
  let falseOne: string | undefined;
  for (const c of conditions) {
    const compiled = compileCondition(c.expression ?? "", bindings.params !== undefined);
    if (compiled.kind !== "ok") throw new Error(`condition ${c.name} reached evaluation: ${compiled.kind}`);
    const r = evaluateCondition(compiled.parsed, bindings, minor);
    if ("outside" in r) throw new Error(r.outside);
    if ("error" in r) errors.push(`expression '${c.expression ?? ""}' resulted in error: ${r.error}`);
    else if (!r.result && falseOne === undefined) falseOne = c.name ?? "";
  }
  if (falseOne !== undefined) {
    trace.take(errors.length > 0 ? "matchConditions.falseWinsOverErrors" : "matchConditions.falseNoMatch");
    return { result: "noMatch", failedCondition: falseOne };
  }
  if (errors.length === 0) {
    trace.take("matchConditions.allTrue");
    return { result: "match" };
  }
  if (failurePolicy === "Ignore") {
    trace.take("matchConditions.errorIgnored");
    return { result: "noMatch" };
  }
  return { result: "error", message: aggregate(errors) };
}

/** k8s.io/apimachinery pkg/util/errors NewAggregate(...).Error(): one message, or "[a, b]", repeats dropped. */
function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? (unique[0] ?? "") : `[${unique.join(", ")}]`;
}

/**
 * The compile messages of a subject's conditions that the model claims word for word (every
 * issue with cel-go's position and snippet, or "must evaluate to bool…"): an implementation that
 * finds the subject invalid gives each of them (suites/upstream/agreement.test.ts).
 */
export function exactConditionMessages(
  conditions: readonly MatchCondition[] | undefined,
  hasParams: boolean,
  minor: Minor,
): string[] {
  return (conditions ?? []).flatMap((c) => {
    const compiled = compileCondition(c.expression ?? "", hasParams);
    if (compiled.kind === "notBool") return [notBoolDetail(compiled.got, minor)];
    return compiled.kind === "compileError" && compiled.exact ? [compiled.detail] : [];
  });
}
