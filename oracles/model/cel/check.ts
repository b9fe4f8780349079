// A static pass over a parsed condition, standing in for cel-go's checker where the model can be
// sure of it: which variables it reads, whether it compiles in upstream's environment (compile.go
// createEnvForOpts: object, oldObject, request, namespaceObject, authorizer; params only with a
// paramKind) and whether it is boolean (compile.go: the output type is exactly bool). What it
// cannot be sure of is "outside the model", with the reason. Like cel-go's checker it goes on
// after an issue (the node's type is then the error type, which fits everything) and reports
// every one with cel-go's position (compileIssues.ts).
import type { parse } from "@bufbuild/cel";
import type { CelStaticType } from "./celType.ts";
import { celTypeName, isConcrete, listOf, namespaceType, requestType, t } from "./celType.ts";
import type { CompileIssue } from "./compileIssues.ts";
import { celGoOffset } from "./compileIssues.ts";

type Parsed = ReturnType<typeof parse>;
type Expr = Parsed["expr"];

export type Variable = "object" | "oldObject" | "request" | "namespaceObject" | "params";

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

class Stop {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}
const outside = (reason: string) => new Stop(reason);

/** What the walk found so far, shared by the scopes of one check. */
interface Found {
  readonly issues: CompileIssue[];
  /** The first part the model cannot decide; the walk goes on with its type unknown. */
  outside: string | undefined;
  readonly source: string;
  readonly parsed: Parsed;
}

const boolOps = new Set([
  "_==_",
  "_!=_",
  "_<_",
  "_<=_",
  "_>_",
  "_>=_",
  "@in",
  "!_",
  "_&&_",
  "_||_",
  "@not_strictly_false",
]);
const ordering = new Set(["_<_", "_<=_", "_>_", "_>=_"]);
const arithmetic = new Set(["_+_", "_-_", "_*_", "_/_", "_%_"]);
// strings (cel-go) and ext.Strings version 2 (k8s.io/apiserver pkg/cel/environment/base.go).
const stringMethods: Readonly<Record<string, CelStaticType>> = {
  startsWith: t.bool,
  endsWith: t.bool,
  contains: t.bool,
  matches: t.bool,
  lowerAscii: t.string,
  upperAscii: t.string,
  trim: t.string,
  replace: t.string,
  substring: t.string,
  charAt: t.string,
  indexOf: t.int,
  lastIndexOf: t.int,
  split: listOf(t.string),
};
// The kind of each argument, position by position (cel-go strings and ext.Strings version 2).
const stringMethodArgs: Readonly<Record<string, readonly string[]>> = {
  startsWith: ["string"],
  endsWith: ["string"],
  contains: ["string"],
  matches: ["string"],
  replace: ["string", "string", "int"],
  substring: ["int", "int"],
  charAt: ["int"],
  indexOf: ["string", "int"],
  lastIndexOf: ["string", "int"],
  split: ["string", "int"],
};
const conversions: Readonly<Record<string, CelStaticType>> = { string: t.string, int: t.int, double: t.double };

interface Walk {
  readonly found: Found;
  readonly scope: ReadonlyMap<string, CelStaticType>;
  readonly reads: Set<Variable>;
  readonly regexes: string[];
  readonly inComprehension: boolean;
  /** compile.go: params is declared (dyn) only for a policy with a paramKind. */
  readonly hasParams: boolean;
}

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

/** Records an issue at the node; the node's type is then the error type. */
function issue(w: Walk, e: Expr, message: string, exact = true): CelStaticType {
  w.found.issues.push({ offset: celGoOffset(w.found.source, w.found.parsed, e), message, exact });
  return t.error;
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

/** cel-go errors.noMatchingOverload, with the operands' type names where the model knows them. */
function noOverload(w: Walk, e: Expr, fn: string, operands: readonly CelStaticType[], member: boolean): CelStaticType {
  const known = operands.every((o) => celTypeName(o) !== undefined);
  const names = operands.map((o) => celTypeName(o) ?? o.k);
  const [self, ...rest] = names;
  const signature = member ? `${self}.(${rest.join(", ")})` : `(${names.join(", ")})`;
  return issue(w, e, `found no matching overload for '${fn}' applied to '${signature}'`, known);
}

const listsMethods = ["isSorted", "sum", "min", "max", "indexOf", "lastIndexOf"];
const knownFunctions = new Set([
  ...boolOps,
  ...arithmetic,
  ...["-_", "_[_]", "_?_:_", "size", "join"],
  ...listsMethods,
  ...Object.keys(conversions),
  ...Object.keys(stringMethods),
]);

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

function overloadType(
  e: Expr,
  fn: string,
  target: Expr | undefined,
  args: readonly Expr[],
  rawSelf: CelStaticType | undefined,
  rawArgs: readonly CelStaticType[],
  w: Walk,
): CelStaticType {
  const asDyn = (x: CelStaticType) => (x.k === "error" ? t.dyn : x);
  const self = rawSelf === undefined ? undefined : asDyn(rawSelf);
  const argTypes = rawArgs.map(asDyn);
  const operands = self === undefined ? argTypes : [self, ...argTypes];
  const member = self !== undefined;
  const [a, b] = operands;
  if (fn === "@in") {
    if (b !== undefined && scalars.has(b.k)) return noOverload(w, e, fn, operands, false);
    if (b !== undefined && b.k !== "list" && b.k !== "map" && b.k !== "dyn") throw outside(`in on ${b.k}`);
    return t.bool;
  }
  if (fn === "_&&_" || fn === "_||_") {
    // checker.go resolveOverload: each operand of a logical operator is checked against bool.
    args.forEach((arg, i) => {
      const x = argTypes[i];
      if (x !== undefined && isConcrete(x) && x.k !== "bool") {
        const name = celTypeName(x);
        issue(w, arg, `expected type 'bool' but found '${name ?? x.k}'`, name !== undefined);
      }
    });
    return t.bool;
  }
  if (fn === "!_") {
    if (a !== undefined && scalars.has(a.k) && a.k !== "bool") return noOverload(w, e, fn, operands, false);
    expectKinds(fn, operands, ["bool"]);
    return t.bool;
  }
  if (boolOps.has(fn)) {
    if (fn !== "_==_" && fn !== "_!=_" && fn !== "@not_strictly_false") expectKinds(fn, operands, [...scalars]);
    if (a !== undefined && b !== undefined && isConcrete(a) && isConcrete(b) && a.k !== b.k)
      return equalityOperands(e, fn, a, b, w);
    // cel-go orders strings by their UTF-8 bytes, @bufbuild/cel by UTF-16 units ('\uffff' < '😀').
    if (ordering.has(fn) && (operands.some((o) => o.k === "string") || operands.every((o) => o.k === "dyn")))
      throw outside(`${fn} on strings, which cel-go orders by their UTF-8 bytes`);
    return t.bool;
  }
  if (arithmetic.has(fn) || fn === "-_") return arithmeticType(e, fn, a, b, w);
  if (fn === "_[_]") {
    if (a?.k === "list") return a.elem;
    if (a?.k === "map") return a.value;
    if (a?.k === "dyn") return t.dyn;
    throw outside(`indexing ${a?.k ?? "nothing"}`);
  }
  if (fn === "_?_:_") {
    const [cond, then, other] = argTypes;
    // The overload is _?_:_(bool, A, A).
    if (cond !== undefined && scalars.has(cond.k) && cond.k !== "bool") return noOverload(w, e, fn, operands, false);
    if (then === undefined || other === undefined) throw outside("a conditional without branches");
    if (then.k === other.k && isConcrete(then)) return then;
    // Branches of two types match no overload ('(bool, int, string)'); null fits an object.
    if (isConcrete(then) && isConcrete(other) && !nullable(then, other)) return noOverload(w, e, fn, operands, false);
    // A dyn branch fits the other: the conditional compiles, of a type the model does not tell.
    return t.unknown;
  }
  if (fn === "size") {
    // size(string|bytes|list|map) and their member forms.
    if (operands.length === 1 && a !== undefined && scalars.has(a.k) && a.k !== "string" && a.k !== "bytes")
      return noOverload(w, e, fn, operands, member);
    expectKinds(fn, operands, ["string", "bytes", "list", "map"]);
    return t.int;
  }
  const listMethod = listsMethod(fn, self, argTypes);
  if (listMethod !== undefined) return listMethod;
  if (fn in conversions && target === undefined && args.length === 1) {
    expectKinds(fn, operands, [...scalars]);
    // cel-go's OptOptimize converts a constant when the program is built (interpreter/
    // decorators.go maybeOptimizeConstUnary): a failure refuses the expression at validation.
    if (args[0]?.exprKind.case === "constExpr")
      throw outside(`${fn}() of a constant, converted when cel-go builds the program`);
    // common/types/string.go parses with strconv, which @bufbuild/cel does not (' 1', '', '0x1').
    if (fn !== "string" && (a?.k === "string" || a?.k === "dyn"))
      throw outside(`${fn}() of a string, parsed as Go's strconv does`);
    return conversions[fn] ?? t.unknown;
  }
  if (fn === "join" && self !== undefined && (self.k === "list" || self.k === "dyn")) {
    expectKinds(fn, argTypes, ["string"]);
    return t.string;
  }
  const method = stringMethods[fn];
  if (method !== undefined && self !== undefined && (self.k === "string" || self.k === "dyn")) {
    const kinds = stringMethodArgs[fn] ?? [];
    // Only these functions take a string receiver; their arguments are strings and ints.
    const mismatched = argTypes.some((arg, i) => scalars.has(arg.k) && kinds[i] !== undefined && arg.k !== kinds[i]);
    if (self.k === "string" && argTypes.length <= kinds.length && mismatched)
      return noOverload(w, e, fn, operands, true);
    argTypes.forEach((arg, i) => {
      expectKinds(fn, [arg], [kinds[i] ?? "none"]);
    });
    const pattern = args[0]?.exprKind;
    if (fn === "matches" && pattern?.case === "constExpr" && pattern.value.constantKind.case === "stringValue")
      w.regexes.push(pattern.value.constantKind.value);
    return method;
  }
  throw outside(`the function ${fn}`);
}

/** Operands of a known kind outside those the function takes: cel-go's checker decides, not the model. */
function expectKinds(fn: string, operands: readonly CelStaticType[], kinds: readonly string[]): void {
  const odd = operands.find((o) => isConcrete(o) && !kinds.includes(o.k));
  if (odd !== undefined) throw outside(`${fn} on ${odd.k}`);
}

// Arithmetic on ints, uints and doubles; + also joins strings, bytes and lists. cel-go converts
// nothing: operands of two scalar kinds, or a bool, string or bytes where the operator does not
// take them, match no overload.
function arithmeticType(
  e: Expr,
  fn: string,
  a: CelStaticType | undefined,
  b: CelStaticType | undefined,
  w: Walk,
): CelStaticType {
  if (a === undefined) throw outside(fn);
  const operands = [a, ...(b === undefined ? [] : [b])];
  const takes = fn === "_+_" ? [...numbers, "string", "bytes"] : [...numbers];
  const scalarOperands = operands.filter((o) => scalars.has(o.k));
  const apart = scalarOperands.length === 2 && a.k !== b?.k;
  if (scalarOperands.some((o) => !takes.includes(o.k) && o.k !== "uint") || apart)
    return noOverload(w, e, fn, operands, false);
  expectKinds(fn, operands, fn === "_+_" ? [...numbers, "string", "bytes", "list"] : [...numbers]);
  if (b === undefined || !isConcrete(b)) return isConcrete(a) ? a : t.dyn;
  if (!isConcrete(a)) return b;
  if (a.k !== b.k) throw outside(`${fn} on ${a.k} and ${b.k}`);
  return a;
}

const scalars = new Set(["bool", "int", "uint", "double", "string", "bytes"]);
const numbers = new Set(["int", "uint", "double"]);

/**
 * Operands of two concrete types (the upstream oracle, 1.30-1.37): a field of the object type may
 * be compared with null ("request.userInfo == null" compiles); any other two types do not compile
 * ("found no matching overload for '_==_' applied to '(int, string)'", '(int, double)',
 * '(list(int), int)'). An ordering of two numbers of different kinds compiles; the model leaves it.
 */
function equalityOperands(e: Expr, fn: string, a: CelStaticType, b: CelStaticType, w: Walk): CelStaticType {
  const equality = fn === "_==_" || fn === "_!=_";
  if (equality && nullable(a, b)) return t.bool;
  // _==_(A, A): two kinds never match, numbers included ('(int, double)'); the orderings
  // compare numbers across kinds (cel-go's cross-type numeric comparisons), not the rest.
  const scalarsApart = scalars.has(a.k) && scalars.has(b.k) && !(numbers.has(a.k) && numbers.has(b.k));
  if (equality || scalarsApart) return noOverload(w, e, fn, [a, b], false);
  throw outside(`${fn} on ${a.k} and ${b.k}`);
}

/** null and an object type: checker/types.go isLegacyNullable. */
const nullable = (a: CelStaticType, b: CelStaticType) =>
  (a.k === "null_type" && b.k === "object") || (a.k === "object" && b.k === "null_type");

/**
 * k8s.io/apiserver pkg/cel/library/lists.go on a list every element of which is an int, or every
 * one a string (oracles/model/cel/listsLibrary.ts); on other lists the model does not decide.
 */
function listsMethod(
  fn: string,
  self: CelStaticType | undefined,
  args: readonly CelStaticType[],
): CelStaticType | undefined {
  if (!listsMethods.includes(fn) || self?.k !== "list") return undefined;
  const elem = self.elem.k;
  if (elem !== "int" && elem !== "string") throw outside(`${fn} on a list of ${elem}`);
  const [arg] = args;
  switch (fn) {
    case "isSorted":
      return args.length === 0 ? t.bool : undefined;
    case "sum":
      if (elem !== "int") throw outside(`sum on a list of ${elem}`);
      return args.length === 0 ? t.int : undefined;
    case "min":
    case "max":
      return args.length === 0 ? self.elem : undefined;
    default:
      if (args.length !== 1 || arg === undefined) return undefined;
      if (arg.k !== elem) throw outside(`${fn} of a ${arg.k} in a list of ${elem}`);
      return t.int;
  }
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
