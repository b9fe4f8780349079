// A static pass over a parsed condition, standing in for cel-go's checker where the model can be
// sure of it: which variables it reads, whether it compiles in upstream's environment (compile.go
// createEnvForOpts: object, oldObject, request, namespaceObject, authorizer; params only with a
// paramKind) and whether it is boolean (compile.go: the output type is exactly bool). What it
// cannot be sure of is "outside the model", with the reason.
import type { parse } from "@bufbuild/cel";
import type { CelStaticType } from "./celType.ts";
import { isConcrete, listOf, namespaceType, requestType, t } from "./celType.ts";

type Expr = ReturnType<typeof parse>["expr"];

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
  | { readonly kind: "compileError"; readonly detail: string }
  | { readonly kind: "outside"; readonly reason: string };

class Stop {
  readonly result: Extract<CheckResult, { kind: "compileError" | "outside" }>;
  constructor(result: Stop["result"]) {
    this.result = result;
  }
}
const outside = (reason: string) => new Stop({ kind: "outside", reason });
const compileError = (detail: string) => new Stop({ kind: "compileError", detail });

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
  readonly scope: ReadonlyMap<string, CelStaticType>;
  readonly reads: Set<Variable>;
  readonly regexes: string[];
  readonly inComprehension: boolean;
  /** compile.go: params is declared (dyn) only for a policy with a paramKind. */
  readonly hasParams: boolean;
}

export function checkCondition(expr: Expr, hasParams = false): CheckResult {
  const w: Walk = { scope: new Map(), reads: new Set(), regexes: [], inComprehension: false, hasParams };
  try {
    const type = typeOf(expr, w);
    return { kind: "ok", type, plainDynPath: isPlainDynPath(expr), reads: w.reads, constantRegexes: w.regexes };
  } catch (e) {
    if (e instanceof Stop) return e.result;
    throw e;
  }
}

function typeOf(e: Expr, w: Walk): CelStaticType {
  const k = e.exprKind;
  switch (k.case) {
    case "constExpr":
      return constantType(k.value.constantKind.case);
    case "identExpr":
      return identType(k.value.name, w);
    case "selectExpr": {
      const operand = k.value.operand;
      if (operand === undefined) throw outside("a selection without operand");
      const type = typeOf(operand, w);
      if (k.value.testOnly) {
        fieldType(type, k.value.field);
        return t.bool;
      }
      return fieldType(type, k.value.field);
    }
    case "callExpr":
      return callType(k.value.function, k.value.target, k.value.args, w);
    case "listExpr": {
      const types = k.value.elements.map((el) => typeOf(el, w));
      const first = types[0];
      return listOf(first !== undefined && types.every((x) => x.k === first.k && isConcrete(x)) ? first : t.dyn);
    }
    case "structExpr":
      if (k.value.messageName !== "") throw outside("a message literal");
      for (const entry of k.value.entries) {
        if (entry.keyKind.case === "mapKey") typeOf(entry.keyKind.value, w);
        if (entry.value !== undefined) typeOf(entry.value, w);
        if (entry.optionalEntry) throw outside("an optional map entry");
      }
      return { k: "map", key: t.dyn, value: t.dyn };
    case "comprehensionExpr":
      return comprehensionType(k.value, w);
    default:
      throw outside(`an expression of kind ${k.case ?? "none"}`);
  }
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

function identType(name: string, w: Walk): CelStaticType {
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
      if (!w.hasParams) throw compileError("undeclared reference to 'params' (in container '')");
      w.reads.add(name);
      return t.dyn;
    case "authorizer":
      throw outside("the authorizer variable is not modelled");
    default:
      throw outside(`the identifier ${name}`);
  }
}

function fieldType(type: CelStaticType, field: string): CelStaticType {
  switch (type.k) {
    case "dyn":
      return t.dyn;
    case "map":
      return type.value;
    case "object": {
      const f = type.fields[field];
      if (f === undefined) throw compileError(`undefined field '${field}'`);
      if (f.k === "unknown") throw outside(`${type.name}.${field} is not modelled`);
      return f;
    }
    default:
      throw outside(`selecting ${field} from ${type.k}`);
  }
}

function callType(fn: string, target: Expr | undefined, args: readonly Expr[], w: Walk): CelStaticType {
  const self = target === undefined ? undefined : typeOf(target, w);
  const argTypes = args.map((a) => typeOf(a, w));
  const operands = self === undefined ? argTypes : [self, ...argTypes];
  const [a, b] = operands;
  if (fn === "@in") {
    if (b !== undefined && b.k !== "list" && b.k !== "map" && b.k !== "dyn") throw outside(`in on ${b.k}`);
    return t.bool;
  }
  if (fn === "!_" || fn === "_&&_" || fn === "_||_") {
    expectKinds(fn, operands, ["bool"]);
    return t.bool;
  }
  if (boolOps.has(fn)) {
    if (fn !== "_==_" && fn !== "_!=_" && fn !== "@not_strictly_false") expectKinds(fn, operands, [...scalars]);
    // cel-go orders strings by their UTF-8 bytes, @bufbuild/cel by UTF-16 units ('\uffff' < '😀').
    if (ordering.has(fn) && (operands.some((o) => o.k === "string") || operands.every((o) => o.k === "dyn")))
      throw outside(`${fn} on strings, which cel-go orders by their UTF-8 bytes`);
    if (a !== undefined && b !== undefined && isConcrete(a) && isConcrete(b) && a.k !== b.k) equalityOperands(fn, a, b);
    return t.bool;
  }
  if (arithmetic.has(fn) || fn === "-_") return arithmeticType(fn, a, b);
  if (fn === "_[_]") {
    if (a?.k === "list") return a.elem;
    if (a?.k === "map") return a.value;
    if (a?.k === "dyn") return t.dyn;
    throw outside(`indexing ${a?.k ?? "nothing"}`);
  }
  if (fn === "_?_:_") {
    const [, then, other] = argTypes;
    return then !== undefined && other !== undefined && then.k === other.k && isConcrete(then) ? then : t.unknown;
  }
  if (fn === "size") {
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
    argTypes.forEach((arg, i) => {
      expectKinds(fn, [arg], [stringMethodArgs[fn]?.[i] ?? "none"]);
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

// Arithmetic on ints, uints and doubles; + also joins strings, bytes and lists.
function arithmeticType(fn: string, a: CelStaticType | undefined, b: CelStaticType | undefined): CelStaticType {
  if (a === undefined) throw outside(fn);
  expectKinds(
    fn,
    [a, ...(b === undefined ? [] : [b])],
    fn === "_+_" ? [...numbers, "string", "bytes", "list"] : [...numbers],
  );
  if (b === undefined || !isConcrete(b)) return isConcrete(a) ? a : t.dyn;
  if (!isConcrete(a)) return b;
  if (a.k !== b.k) throw outside(`${fn} on ${a.k} and ${b.k}`);
  return a;
}

const scalars = new Set(["bool", "int", "uint", "double", "string", "bytes"]);
const numbers = new Set(["int", "uint", "double"]);

/**
 * Operands of different types (a cel-go session, k8s.io/apiserver v0.37.2): a field of the
 * object type may be compared with null ("request.userInfo == null" compiles); a string with null
 * or two scalars of different kinds do not compile ("found no matching overload for '_==_'
 * applied to '(int, string)'"). Other pairs (numbers across kinds, lists, maps) the model leaves.
 */
function equalityOperands(fn: string, a: CelStaticType, b: CelStaticType): void {
  const equality = fn === "_==_" || fn === "_!=_";
  const pair = [a.k, b.k];
  if (equality && pair.includes("null_type") && pair.includes("object")) return;
  const [x, y] = pair as [string, string];
  const scalarsApart = scalars.has(x) && scalars.has(y) && !(numbers.has(x) && numbers.has(y));
  if (equality && (scalarsApart || (pair.includes("null_type") && pair.includes("string"))))
    throw compileError(
      `found no matching overload for '${fn}' applied to '(${x === "null_type" ? "null" : x}, ${y === "null_type" ? "null" : y})'`,
    );
  throw outside(`${fn} on ${a.k} and ${b.k}`);
}

/**
 * k8s.io/apiserver pkg/cel/library/lists.go on a list every element of which is an int, or every
 * one a string (oracles/model/cel/listsLibrary.ts); on other lists the model does not decide.
 */
function listsMethod(
  fn: string,
  self: CelStaticType | undefined,
  args: readonly CelStaticType[],
): CelStaticType | undefined {
  const names = ["isSorted", "sum", "min", "max", "indexOf", "lastIndexOf"];
  if (!names.includes(fn) || self?.k !== "list") return undefined;
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
  const element =
    range.k === "list" ? range.elem : range.k === "map" ? range.key : range.k === "dyn" ? t.dyn : undefined;
  if (element === undefined) throw outside(`iterating over ${range.k}`);
  const init = typeOf(c.accuInit, w);
  const accu = init.k === "list" ? listOf(t.dyn) : init;
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
