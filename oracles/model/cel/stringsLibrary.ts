// cel-go ext/strings.go where @bufbuild/cel's strings extension answers otherwise: indexOf,
// lastIndexOf, charAt, substring and split count runes, not UTF-16 units; an offset past the
// end, an empty substring or an empty string behave as the cel-go of the minor has them; replace
// and split are Go's strings.Replace and strings.SplitN (an empty separator splits runes, a
// limit keeps the rest in the last part). Found against the upstream oracle.
import type { CelFunc } from "@bufbuild/cel";
import { CelScalar, celMethod, listType } from "@bufbuild/cel";
import type { Minor } from "../../contract/versions.ts";
import { atLeast } from "../../contract/versions.ts";

const { STRING, INT } = CelScalar;

/**
 * What changed between the cel-go releases k8s.io/kubernetes requires: v0.17.8 and v0.20.1 (1.30,
 * 1.31) refuse an offset past the end, v0.22.0 (1.32) answers -1 there; v0.26.0 (1.34) answers -1
 * for a lastIndexOf longer than the string (in bytes); v0.29.2 (1.37) clamps an empty substring's
 * offset to the end and refuses a negative one.
 */
interface Behaviour {
  readonly pastEndErrs: boolean;
  readonly longerNotFound: boolean;
  readonly emptyClamped: boolean;
}

function behaviourOf(minor: Minor): Behaviour {
  return { pastEndErrs: !atLeast(minor, 32), longerNotFound: atLeast(minor, 34), emptyClamped: atLeast(minor, 37) };
}

const outOfRange = (off: number) => new Error(`index out of range: ${off}`);

function matchesAt(runes: readonly string[], sub: readonly string[], i: number): boolean {
  return sub.every((r, j) => runes[i + j] === r);
}

type Start = { readonly found: bigint } | { readonly runes: string[]; readonly sub: string[]; readonly off: number };

/** What indexOfOffset and lastIndexOfOffset both check first: an answer, or where to search. */
function start(b: Behaviour, str: string, substr: string, offset: bigint): Start {
  const off = Number(offset);
  const runes = Array.from(str);
  if (substr === "" && !b.emptyClamped) return { found: offset };
  if (off < 0 || (b.pastEndErrs && off >= runes.length)) throw outOfRange(off);
  if (substr === "") return { found: off > runes.length ? BigInt(runes.length) : offset };
  if (off >= runes.length) return { found: -1n };
  return { runes, sub: Array.from(substr), off };
}

/** ext/strings.go indexOfOffset. */
function indexOfOffset(b: Behaviour, str: string, substr: string, offset: bigint): bigint {
  const s = start(b, str, substr, offset);
  if ("found" in s) return s.found;
  for (let i = s.off; i < s.runes.length - (s.sub.length - 1); i++) if (matchesAt(s.runes, s.sub, i)) return BigInt(i);
  return -1n;
}

/** ext/strings.go lastIndexOfOffset: from the offset, or from the last place the substring fits. */
function lastIndexOfOffset(b: Behaviour, str: string, substr: string, offset: bigint): bigint {
  const s = start(b, str, substr, offset);
  if ("found" in s) return s.found;
  for (let i = Math.min(s.off, s.runes.length - s.sub.length); i >= 0; i--)
    if (matchesAt(s.runes, s.sub, i)) return BigInt(i);
  return -1n;
}

/** ext/strings.go lastIndexOf: from the last rune; v0.26.0 first answers -1 for a longer substring (in bytes). */
function lastIndexOf(b: Behaviour, str: string, substr: string): bigint {
  const runes = Array.from(str);
  if (substr === "") return BigInt(runes.length);
  if (b.longerNotFound && Buffer.byteLength(str) < Buffer.byteLength(substr)) return -1n;
  return lastIndexOfOffset(b, str, substr, BigInt(runes.length - 1));
}

/** Go's strings.Replace(s, old, new, n); n < 0 replaces every match. */
export function goReplace(s: string, old: string, replacement: string, n: number): string {
  if (old === replacement || n === 0) return s;
  if (old === "") {
    const runes = Array.from(s);
    const count = n < 0 ? runes.length + 1 : Math.min(n, runes.length + 1);
    return runes.map((r, i) => (i < count ? replacement : "") + r).join("") + (count > runes.length ? replacement : "");
  }
  let out = "";
  let start = 0;
  for (let done = 0; n < 0 || done < n; done++) {
    const j = s.indexOf(old, start);
    if (j < 0) break;
    out += s.slice(start, j) + replacement;
    start = j + old.length;
  }
  return out + s.slice(start);
}

/** ext/strings.go charAt: the rune at i, "" just past the end. */
function charAt(str: string, index: bigint): string {
  const runes = Array.from(str);
  const i = Number(index);
  if (i < 0 || i > runes.length) throw outOfRange(i);
  return runes[i] ?? "";
}

/** ext/strings.go substr and substrRange, over runes. */
function substring(str: string, start: bigint, end?: bigint): string {
  const runes = Array.from(str);
  if (end !== undefined && start > end) throw new Error(`invalid substring range. start: ${start}, end: ${end}`);
  for (const i of end === undefined ? [start] : [start, end])
    if (i < 0n || i > BigInt(runes.length)) throw outOfRange(Number(i));
  return runes.slice(Number(start), end === undefined ? undefined : Number(end)).join("");
}

/** Go's strings.SplitN(s, sep, n): n < 0 every part, 0 none, else at most n with the rest last. */
export function goSplit(s: string, sep: string, n: number): string[] {
  if (n === 0) return [];
  const all = sep === "" ? Array.from(s) : s.split(sep);
  if (n < 0 || all.length <= n) return all;
  return [...all.slice(0, n - 1), all.slice(n - 1).join(sep)];
}

/** The functions that replace @bufbuild/cel's of the same names, for the minor's cel-go. */
export function celGoStrings(minor: Minor): readonly CelFunc[] {
  const b = behaviourOf(minor);
  return [
    celMethod("indexOf", STRING, [STRING], INT, function (substr) {
      return indexOfOffset(b, this, substr, 0n);
    }),
    celMethod("indexOf", STRING, [STRING, INT], INT, function (substr, offset) {
      return indexOfOffset(b, this, substr, offset);
    }),
    celMethod("lastIndexOf", STRING, [STRING], INT, function (substr) {
      return lastIndexOf(b, this, substr);
    }),
    celMethod("lastIndexOf", STRING, [STRING, INT], INT, function (substr, offset) {
      return lastIndexOfOffset(b, this, substr, offset);
    }),
    celMethod("replace", STRING, [STRING, STRING], STRING, function (old, replacement) {
      return goReplace(this, old, replacement, -1);
    }),
    celMethod("replace", STRING, [STRING, STRING, INT], STRING, function (old, replacement, n) {
      return goReplace(this, old, replacement, Number(n));
    }),
    celMethod("charAt", STRING, [INT], STRING, function (index) {
      return charAt(this, index);
    }),
    celMethod("substring", STRING, [INT], STRING, function (start) {
      return substring(this, start);
    }),
    celMethod("substring", STRING, [INT, INT], STRING, function (start, end) {
      return substring(this, start, end);
    }),
    celMethod("split", STRING, [STRING], listType(CelScalar.DYN), function (sep) {
      return goSplit(this, sep, -1);
    }),
    celMethod("split", STRING, [STRING, INT], listType(CelScalar.DYN), function (sep, n) {
      return goSplit(this, sep, Number(n));
    }),
  ];
}

/** The names celGoStrings replaces. */
export const replacedByCelGo: ReadonlySet<string> = new Set([
  "indexOf",
  "lastIndexOf",
  "replace",
  "charAt",
  "substring",
  "split",
]);
