// The type of a call to a function the model knows, overload by overload as cel-go's checker
// resolves them (checker.go resolveOverload), in families: logical, comparison, arithmetic,
// indexing, the conditional, size, conversions and the strings and lists libraries. A family
// answers undefined for a call that is not its own; a call no family takes is outside the model.
import type { CelStaticType } from "./celType.ts";
import { celTypeName, isConcrete, listOf, t } from "./celType.ts";
import type { Expr, Walk } from "./checkWalk.ts";
import { expectKinds, issue, noOverload, numbers, outside, scalars } from "./checkWalk.ts";

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
const listsMethods = ["isSorted", "sum", "min", "max", "indexOf", "lastIndexOf"];

/** The functions the model types; any other is outside it (a macro of upstream's environment, maybe). */
export const knownFunctions = new Set([
  ...boolOps,
  ...arithmetic,
  ...["-_", "_[_]", "_?_:_", "size", "join"],
  ...listsMethods,
  ...Object.keys(conversions),
  ...Object.keys(stringMethods),
]);

/** One call, its operands typed (the error type read as dyn: it fits every overload). */
interface Call {
  readonly e: Expr;
  readonly fn: string;
  readonly target: Expr | undefined;
  readonly args: readonly Expr[];
  readonly self: CelStaticType | undefined;
  readonly argTypes: readonly CelStaticType[];
  /** The receiver, if any, then the arguments. */
  readonly operands: readonly CelStaticType[];
  readonly member: boolean;
  readonly w: Walk;
}

type Family = (c: Call) => CelStaticType | undefined;

export function overloadType(
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
  const c: Call = { e, fn, target, args, self, argTypes, operands, member: self !== undefined, w };
  for (const family of families) {
    const type = family(c);
    if (type !== undefined) return type;
  }
  throw outside(`the function ${fn}`);
}

const inType: Family = ({ e, fn, operands, w }) => {
  if (fn !== "@in") return undefined;
  const b = operands[1];
  if (b !== undefined && scalars.has(b.k)) return noOverload(w, e, fn, operands, false);
  if (b !== undefined && b.k !== "list" && b.k !== "map" && b.k !== "dyn") throw outside(`in on ${b.k}`);
  return t.bool;
};

// checker.go resolveOverload: each operand of a logical operator is checked against bool.
const logicalType: Family = ({ fn, args, argTypes, w }) => {
  if (fn !== "_&&_" && fn !== "_||_") return undefined;
  args.forEach((arg, i) => {
    const x = argTypes[i];
    if (x !== undefined && isConcrete(x) && x.k !== "bool") {
      const name = celTypeName(x);
      issue(w, arg, `expected type 'bool' but found '${name ?? x.k}'`, name !== undefined);
    }
  });
  return t.bool;
};

const notType: Family = ({ e, fn, operands, w }) => {
  if (fn !== "!_") return undefined;
  const a = operands[0];
  if (a !== undefined && scalars.has(a.k) && a.k !== "bool") return noOverload(w, e, fn, operands, false);
  expectKinds(fn, operands, ["bool"]);
  return t.bool;
};

const comparisonType: Family = ({ e, fn, operands, w }) => {
  if (!boolOps.has(fn)) return undefined;
  const [a, b] = operands;
  if (fn !== "_==_" && fn !== "_!=_" && fn !== "@not_strictly_false") expectKinds(fn, operands, [...scalars]);
  if (a !== undefined && b !== undefined && isConcrete(a) && isConcrete(b) && a.k !== b.k)
    return equalityOperands(e, fn, a, b, w);
  // cel-go orders strings by their UTF-8 bytes, @bufbuild/cel by UTF-16 units ('\uffff' < '😀').
  if (ordering.has(fn) && (operands.some((o) => o.k === "string") || operands.every((o) => o.k === "dyn")))
    throw outside(`${fn} on strings, which cel-go orders by their UTF-8 bytes`);
  return t.bool;
};

// Arithmetic on ints, uints and doubles; + also joins strings, bytes and lists. cel-go converts
// nothing: operands of two scalar kinds, or a bool, string or bytes where the operator does not
// take them, match no overload.
const arithmeticType: Family = ({ e, fn, operands: given, w }) => {
  if (!arithmetic.has(fn) && fn !== "-_") return undefined;
  const [a, b] = given;
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
};

const indexType: Family = ({ fn, operands }) => {
  if (fn !== "_[_]") return undefined;
  const a = operands[0];
  if (a?.k === "list") return a.elem;
  if (a?.k === "map") return a.value;
  if (a?.k === "dyn") return t.dyn;
  throw outside(`indexing ${a?.k ?? "nothing"}`);
};

// The overload is _?_:_(bool, A, A).
const conditionalType: Family = ({ e, fn, argTypes, operands, w }) => {
  if (fn !== "_?_:_") return undefined;
  const [cond, then, other] = argTypes;
  if (cond !== undefined && scalars.has(cond.k) && cond.k !== "bool") return noOverload(w, e, fn, operands, false);
  if (then === undefined || other === undefined) throw outside("a conditional without branches");
  if (then.k === other.k && isConcrete(then)) return then;
  // Branches of two types match no overload ('(bool, int, string)'); null fits an object.
  if (isConcrete(then) && isConcrete(other) && !nullable(then, other)) return noOverload(w, e, fn, operands, false);
  // A dyn branch fits the other: the conditional compiles, of a type the model does not tell.
  return t.unknown;
};

// size(string|bytes|list|map) and their member forms.
const sizeType: Family = ({ e, fn, operands, member, w }) => {
  if (fn !== "size") return undefined;
  const a = operands[0];
  if (operands.length === 1 && a !== undefined && scalars.has(a.k) && a.k !== "string" && a.k !== "bytes")
    return noOverload(w, e, fn, operands, member);
  expectKinds(fn, operands, ["string", "bytes", "list", "map"]);
  return t.int;
};

/**
 * k8s.io/apiserver pkg/cel/library/lists.go on a list every element of which is an int, or every
 * one a string (oracles/model/cel/listsLibrary.ts); on other lists the model does not decide.
 */
const listsMethod: Family = ({ fn, self, argTypes: args }) => {
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
};

const conversionType: Family = ({ fn, target, args, operands }) => {
  if (!(fn in conversions) || target !== undefined || args.length !== 1) return undefined;
  const a = operands[0];
  expectKinds(fn, operands, [...scalars]);
  // cel-go's OptOptimize converts a constant when the program is built (interpreter/
  // decorators.go maybeOptimizeConstUnary): a failure refuses the expression at validation.
  if (args[0]?.exprKind.case === "constExpr")
    throw outside(`${fn}() of a constant, converted when cel-go builds the program`);
  // common/types/string.go parses with strconv, which @bufbuild/cel does not (' 1', '', '0x1').
  if (fn !== "string" && (a?.k === "string" || a?.k === "dyn"))
    throw outside(`${fn}() of a string, parsed as Go's strconv does`);
  return conversions[fn] ?? t.unknown;
};

const joinType: Family = ({ fn, self, argTypes }) => {
  if (fn !== "join" || self === undefined || (self.k !== "list" && self.k !== "dyn")) return undefined;
  expectKinds(fn, argTypes, ["string"]);
  return t.string;
};

const stringMethodType: Family = ({ e, fn, self, args, argTypes, operands, w }) => {
  const method = stringMethods[fn];
  if (method === undefined || self === undefined || (self.k !== "string" && self.k !== "dyn")) return undefined;
  const kinds = stringMethodArgs[fn] ?? [];
  // Only these functions take a string receiver; their arguments are strings and ints.
  const mismatched = argTypes.some((arg, i) => scalars.has(arg.k) && kinds[i] !== undefined && arg.k !== kinds[i]);
  if (self.k === "string" && argTypes.length <= kinds.length && mismatched) return noOverload(w, e, fn, operands, true);
  argTypes.forEach((arg, i) => {
    expectKinds(fn, [arg], [kinds[i] ?? "none"]);
  });
  const pattern = args[0]?.exprKind;
  if (fn === "matches" && pattern?.case === "constExpr" && pattern.value.constantKind.case === "stringValue")
    w.regexes.push(pattern.value.constantKind.value);
  return method;
};

/** In the order upstream's overloads were tried before the split; the first to answer decides. */
const families: readonly Family[] = [
  inType,
  logicalType,
  notType,
  comparisonType,
  arithmeticType,
  indexType,
  conditionalType,
  sizeType,
  listsMethod,
  conversionType,
  joinType,
  stringMethodType,
];

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
