// A static pass over a parsed condition, standing in for cel-go's checker where the model can be
// sure of it: which variables it reads, whether it compiles in upstream's environment (compile.go
// createEnvForOpts: object, oldObject, request, namespaceObject, authorizer; params only with a
// paramKind) and whether it is boolean (compile.go: the output type is exactly bool). What it
// cannot be sure of is "outside the model", with the reason. Like cel-go's checker it goes on
// after an issue (the node's type is then the error type, which fits everything) and reports
// every one with cel-go's position (compileIssues.ts).
import type { CelStaticType } from "./celType.ts";
import { celTypeName, isConcrete, listOf, namespaceType, requestType, t } from "./celType.ts";
import type { Expr, Found, Parsed, Variable, Walk } from "./checkWalk.ts";
import { issue, outside, Stop, scalars } from "./checkWalk.ts";
import type { CompileIssue } from "./compileIssues.ts";
import { knownFunctions, overloadType } from "./overloads.ts";

export type CheckResult =
  | {
      readonly kind: "ok";
      readonly type: CelStaticType;
      /** The root is a plain field path on a dyn variable: cel-go types it dyn. */
      readonly plainDynPath: boolean;
      readonly reads: ReadonlySet<Variable>;
      readonly constantRegexes: readonly string[];
    }
  /** Issues cel-go surely reports: the expression does not compile, whatever else it holds. */
  | { readonly kind: "compileError"; readonly issues: readonly CompileIssue[] }
  | { readonly kind: "outside"; readonly reason: string };

export function checkCondition(parsed: Parsed, source: string, hasParams = false): CheckResult {
  const found: Found = { issues: [], outside: undefined, source, parsed };
  const w: Walk = { found, scope: new Map(), reads: new Set(), regexes: [], inComprehension: false, hasParams };
  const type = typeOf(parsed.expr, w);
  // A part the model could not walk may hold more issues: then none is claimed word for word.
  const issues = found.outside === undefined ? found.issues : found.issues.map((i) => ({ ...i, exact: false }));
  if (issues.length > 0) return { kind: "compileError", issues };
  if (found.outside !== undefined) return { kind: "outside", reason: found.outside };
  const expr = parsed.expr;
  return { kind: "ok", type, plainDynPath: isPlainDynPath(expr), reads: w.reads, constantRegexes: w.regexes };
}

function typeOf(e: Expr, w: Walk): CelStaticType {
  try {
    return nodeType(e, w);
  } catch (x) {
    if (!(x instanceof Stop)) throw x;
    w.found.outside ??= x.reason;
    return t.unknown;
  }
}

function nodeType(e: Expr, w: Walk): CelStaticType {
  const k = e.exprKind;
  switch (k.case) {
    case "constExpr":
      return constantType(k.value.constantKind.case);
    case "identExpr":
      return identType(e, k.value.name, w);
    case "selectExpr": {
      const operand = k.value.operand;
      if (operand === undefined) throw outside("a selection without operand");
      const type = fieldType(e, typeOf(operand, w), k.value.field, w);
      return k.value.testOnly ? t.bool : type;
    }
    case "callExpr":
      return callType(e, k.value.function, k.value.target, k.value.args, w);
    case "listExpr": {
      const { type, exact } = literalElementType(k.value.elements.map((el) => typeOf(el, w)));
      return listOf(type, !exact);
    }
    case "structExpr": {
      if (k.value.messageName !== "") throw outside("a message literal");
      const keys: CelStaticType[] = [];
      const values: CelStaticType[] = [];
      for (const entry of k.value.entries) {
        if (entry.keyKind.case === "mapKey") keys.push(typeOf(entry.keyKind.value, w));
        if (entry.value !== undefined) values.push(typeOf(entry.value, w));
        if (entry.optionalEntry) throw outside("an optional map entry");
      }
      const key = literalElementType(keys);
      const value = literalElementType(values);
      return { k: "map", key: key.type, value: value.type, inferred: !key.exact || !value.exact };
    }
    case "comprehensionExpr":
      return comprehensionType(k.value, w);
    default:
      throw outside(`an expression of kind ${k.case ?? "none"}`);
  }
}

/**
 * A literal's element type as cel-go's checker gives it (the upstream oracle, 1.30 and 1.37):
 * none or scalars of two kinds make dyn ('list(dyn)', 'map(dyn, dyn)'), scalars of one kind that
 * kind. Other elements (lists, maps, objects, dyn) the model types less surely: not exact, so a
 * message that names the literal's type is not claimed word for word.
 */
function literalElementType(types: readonly CelStaticType[]): { type: CelStaticType; exact: boolean } {
  const [first] = types;
  if (first === undefined) return { type: t.dyn, exact: true };
  if (!types.every((x) => scalars.has(x.k))) {
    const same = types.every((x) => x.k === first.k && isConcrete(x));
    return { type: same ? first : t.dyn, exact: false };
  }
  return { type: types.every((x) => x.k === first.k) ? first : t.dyn, exact: true };
}

function constantType(c: string | undefined): CelStaticType {
  switch (c) {
    case "boolValue":
      return t.bool;
    case "int64Value":
      return t.int;
    case "uint64Value":
      return t.uint;
    case "doubleValue":
      return t.double;
    case "stringValue":
      return t.string;
    case "bytesValue":
      return t.bytes;
    case "nullValue":
      return t.null;
    default:
      throw outside(`a ${c ?? "missing"} constant`);
  }
}

// Names that may be a type or the root of a qualified type or function name in upstream's
// environment (cel-go's standard types, ext and Kubernetes libraries): an identifier among them
// is outside the model; any other that is not a variable is an undeclared reference.
const typeOrNamespace = new Set([
  ...["bool", "bytes", "double", "int", "uint", "string", "list", "map", "null_type", "type", "dyn", "optional_type"],
  ...["google", "kubernetes", "net", "k8s", "math", "strings", "sets", "lists", "base64", "optional", "regex"],
  ...["format", "cel", "ext", "quantity", "url", "ip", "cidr", "semver", "variables", "authorizer"],
]);

function identType(e: Expr, name: string, w: Walk): CelStaticType {
  const local = w.scope.get(name);
  if (local !== undefined) return local;
  switch (name) {
    case "object":
    case "oldObject":
      w.reads.add(name);
      return t.dyn;
    case "request":
      w.reads.add(name);
      return requestType;
    case "namespaceObject":
      w.reads.add(name);
      return namespaceType;
    case "params":
      // compile.go declares params (dyn) only when the policy has a paramKind (validation.go
      // allowParamsInMatchConditions); webhooks never have one.
      if (!w.hasParams) return issue(w, e, "undeclared reference to 'params' (in container '')");
      w.reads.add(name);
      return t.dyn;
    case "authorizer":
      throw outside("the authorizer variable is not modelled");
    default:
      // cel-go checker.go checkIdent: errors.undeclaredReference.
      if (typeOrNamespace.has(name) || name.startsWith(".")) throw outside(`the identifier ${name}`);
      return issue(w, e, `undeclared reference to '${name}' (in container '')`);
  }
}

// cel-go checker.go checkSelectField.
function fieldType(e: Expr, type: CelStaticType, field: string, w: Walk): CelStaticType {
  switch (type.k) {
    case "dyn":
    case "error":
      return t.dyn;
    case "map":
      return type.value;
    case "object": {
      const f = type.fields[field];
      if (f === undefined) return issue(w, e, `undefined field '${field}'`);
      if (f.k === "unknown") throw outside(`${type.name}.${field} is not modelled`);
      return f;
    }
    case "unknown":
      throw outside(`selecting ${field} from unknown`);
    default: {
      const name = celTypeName(type);
      return issue(w, e, `type '${name ?? type.k}' does not support field selection`, name !== undefined);
    }
  }
}

function callType(e: Expr, fn: string, target: Expr | undefined, args: readonly Expr[], w: Walk): CelStaticType {
  const self = target === undefined ? undefined : typeOf(target, w);
  // Before its arguments: a function the model does not know may be a macro of upstream's
  // environment that binds their identifiers (ext lists sortBy, two-variable comprehensions).
  if (!knownFunctions.has(fn)) throw outside(`the function ${fn}`);
  const given = args.map((a) => typeOf(a, w));
  const before = w.found.issues.length;
  // The error type fits every overload (checker/types.go internalIsAssignable); what cel-go
  // reports beside it the model does not claim word for word.
  const type = overloadType(e, fn, target, args, self, given, w);
  const hadError = [self, ...given].some((x) => x?.k === "error");
  if (hadError)
    w.found.issues.splice(before, Infinity, ...w.found.issues.slice(before).map((x) => ({ ...x, exact: false })));
  return type;
}

type Comprehension = Extract<Expr["exprKind"], { case: "comprehensionExpr" }>["value"];

// The macros all, exists, exists_one, map and filter expand to comprehensions; one inside another
// is outside the model (their cost, which upstream limits, grows with the product).
function comprehensionType(c: Comprehension, w: Walk): CelStaticType {
  if (w.inComprehension) throw outside("a comprehension inside a comprehension");
  if (c.iterVar2 !== "") throw outside("a two-variable comprehension");
  if (c.iterRange === undefined || c.accuInit === undefined || c.result === undefined) throw outside("a comprehension");
  const range = typeOf(c.iterRange, w);
  if (scalars.has(range.k)) {
    // checker.go checkComprehension: errors.notAComprehensionRange; the variable is then an error.
    const message = `expression of type '${range.k}' cannot be range of a comprehension (must be list, map, or dynamic)`;
    issue(w, c.iterRange, message);
  }
  const element =
    range.k === "list"
      ? range.elem
      : range.k === "map"
        ? range.key
        : range.k === "dyn"
          ? t.dyn
          : scalars.has(range.k) || range.k === "error"
            ? t.error
            : undefined;
  if (element === undefined) throw outside(`iterating over ${range.k}`);
  const init = typeOf(c.accuInit, w);
  const accu = init.k === "list" ? listOf(t.dyn, true) : init;
  const scope = new Map(w.scope).set(c.iterVar, element).set(c.accuVar, accu);
  const inner: Walk = { ...w, scope, inComprehension: true };
  if (c.loopCondition !== undefined) typeOf(c.loopCondition, inner);
  if (c.loopStep !== undefined) typeOf(c.loopStep, inner);
  return typeOf(c.result, { ...w, scope: new Map(w.scope).set(c.accuVar, accu) });
}

function isPlainDynPath(e: Expr): boolean {
  const k = e.exprKind;
  if (k.case === "identExpr") return ["object", "oldObject", "params"].includes(k.value.name);
  if (k.case === "selectExpr")
    return !k.value.testOnly && k.value.operand !== undefined && isPlainDynPath(k.value.operand);
  return false;
}
