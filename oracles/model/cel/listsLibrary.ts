// k8s.io/apiserver pkg/cel/library/lists.go, for the lists the model's check lets through: lists
// whose static type says every element is an int or every element is a string (the request's
// groups, list literals). isSorted, sum, min, max, indexOf and lastIndexOf, as lists.go
// implements them: Compare for order (strings by their UTF-8 bytes), Add for sums (int64
// overflow is an error), "<op> called on empty list" for min and max of nothing.
import type { CelFunc, CelList, CelValue } from "@bufbuild/cel";
import { CelScalar, celMethod, listType } from "@bufbuild/cel";

const LIST = listType(CelScalar.DYN);
const maxInt64 = 2n ** 63n - 1n;
const minInt64 = -(2n ** 63n);

type Element = bigint | string;

function elements(list: CelList): Element[] {
  return [...list].map((v) => {
    if (typeof v === "bigint" || typeof v === "string") return v;
    throw new Error("no such overload");
  });
}

function compare(a: Element, b: Element): number {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "string" && typeof b === "string") return Buffer.compare(Buffer.from(a), Buffer.from(b));
  throw new Error("no such overload");
}

function extreme(op: "min" | "max", list: CelList): Element {
  const items = elements(list);
  const [first, ...rest] = items;
  if (first === undefined) throw new Error(`${op} called on empty list`);
  // lists.go cmp: the result moves on when it compares as 1 (min) or -1 (max) against the next.
  return rest.reduce((acc, next) => (compare(acc, next) === (op === "min" ? 1 : -1) ? next : acc), first);
}

function sum(list: CelList): bigint {
  let acc = 0n;
  for (const v of elements(list)) {
    if (typeof v !== "bigint") throw new Error("no such overload");
    acc += v;
    if (acc > maxInt64 || acc < minInt64) throw new Error("integer overflow");
  }
  return acc;
}

function indexOf(list: CelList, item: CelValue, last: boolean): bigint {
  const items = elements(list);
  const order = last ? [...items.keys()].reverse() : [...items.keys()];
  for (const i of order) if (items[i] === item) return BigInt(i);
  return -1n;
}

export const listsLibrary: readonly CelFunc[] = [
  celMethod("isSorted", LIST, [], CelScalar.BOOL, function (this: CelList) {
    const items = elements(this);
    return items.every((v, i) => i === 0 || compare(items[i - 1] as Element, v) !== 1);
  }),
  celMethod("sum", LIST, [], CelScalar.DYN, function (this: CelList) {
    return sum(this);
  }),
  celMethod("min", LIST, [], CelScalar.DYN, function (this: CelList) {
    return extreme("min", this);
  }),
  celMethod("max", LIST, [], CelScalar.DYN, function (this: CelList) {
    return extreme("max", this);
  }),
  celMethod("indexOf", LIST, [CelScalar.DYN], CelScalar.INT, function (this: CelList, item: CelValue) {
    return indexOf(this, item, false);
  }),
  celMethod("lastIndexOf", LIST, [CelScalar.DYN], CelScalar.INT, function (this: CelList, item: CelValue) {
    return indexOf(this, item, true);
  }),
];
