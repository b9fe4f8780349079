// Where cel-go's checker reports an issue and how it prints it: the position its parser gives the
// node (cel-go parser/parser.go: an identifier's start, a selection's '.', an operator's token, a
// call's '(', a conditional's '?', has()'s '('), and common/error.go ToDisplayString:
//
//   ERROR: <input>:<line>:<column>: <message>
//    | <the line>
//    | ....^
//
// @bufbuild/cel's parser records other offsets for calls, conditionals and has(); they are
// found again from the source. Where the model cannot find cel-go's position it says so (no
// offset), and the message is not claimed exact.
import type { parse } from "@bufbuild/cel";

type Parsed = ReturnType<typeof parse>;
type Expr = Parsed["expr"];

export interface CompileIssue {
  /** cel-go's position, as an offset into the source; undefined where the model cannot tell it. */
  readonly offset: number | undefined;
  readonly message: string;
  /** The model is sure of the message (cel-go's words for this issue). */
  readonly exact: boolean;
}

const skipSpace = (src: string, i: number) => {
  let j = i;
  while (j < src.length && /\s/.test(src[j] as string)) j++;
  return j;
};

/** The offset of `(` after a name that starts at `from` (an optional leading '.' first). */
function openParenAfter(src: string, from: number, name: string, dotFirst: boolean): number | undefined {
  let i = from;
  if (dotFirst) {
    if (src[i] !== ".") return undefined;
    i = skipSpace(src, i + 1);
  }
  if (!src.startsWith(name, i)) return undefined;
  i = skipSpace(src, i + name.length);
  return src[i] === "(" ? i : undefined;
}

/** The first `?` outside brackets and string literals from `from` (a conditional's operator). */
function questionMarkAfter(src: string, from: number): number | undefined {
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    const c = src[i] as string;
    if (c === "'" || c === '"') {
      // Triple quotes, raw and bytes literals: the model does not scan them.
      if (src.startsWith(c.repeat(3), i) || /[rRbB]/.test(src[i - 1] ?? "")) return undefined;
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === "\\") i++;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "?" && depth === 0) return i;
  }
  return undefined;
}

/** The source token of each operator function, where cel-go places its node. */
export const operatorText: Readonly<Record<string, string>> = {
  "_==_": "==",
  "_!=_": "!=",
  "_<_": "<",
  "_<=_": "<=",
  "_>_": ">",
  "_>=_": ">=",
  "_+_": "+",
  "_-_": "-",
  "_*_": "*",
  "_/_": "/",
  "_%_": "%",
  "@in": "in",
  "_[_]": "[",
  "!_": "!",
  "-_": "-",
};

/** Where cel-go's parser puts the node, as an offset into the source. */
export function celGoOffset(src: string, parsed: Parsed, e: Expr): number | undefined {
  const at = parsed.sourceInfo?.positions[String(e.id)];
  if (at === undefined) return undefined;
  const k = e.exprKind;
  switch (k.case) {
    case "constExpr":
      return at;
    case "identExpr":
      return src.startsWith(k.value.name, at) ? at : undefined;
    case "selectExpr":
      if (k.value.testOnly) return openParenAfter(src, at, "has", false);
      return src[at] === "." ? at : undefined;
    case "callExpr": {
      const fn = k.value.function;
      const op = operatorText[fn];
      // @bufbuild/cel puts an operator at or just before its token.
      if (op !== undefined) return src.startsWith(op, skipSpace(src, at)) ? skipSpace(src, at) : undefined;
      if (fn === "_?_:_") return questionMarkAfter(src, at);
      if (fn.startsWith("_") || fn.startsWith("@")) return undefined;
      return openParenAfter(src, at, fn, k.value.target !== undefined);
    }
    default:
      return undefined;
  }
}

const wide = (rune: string) => Buffer.byteLength(rune) > 1;

/** cel-go common/error.go Error.ToDisplayString for an issue at an offset of the source. */
export function displayIssue(source: string, offset: number, message: string): string {
  const before = source.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const column = Array.from(source.slice(lineStart, offset)).length;
  const snippet = (source.slice(lineStart).split("\n")[0] ?? "").replaceAll("\t", " ");
  const runes = Array.from(snippet);
  let indicator = "";
  for (let i = 0; i < column && i < runes.length; i++) indicator += wide(runes[i] as string) ? "\uff0e" : ".";
  const under = runes[column];
  indicator += under !== undefined && wide(under) ? "\uff3e" : "^";
  return `ERROR: <input>:${line}:${column + 1}: ${message}\n | ${snippet}\n | ${indicator}`;
}

/**
 * compile.go: "compilation failed: " and cel-go's Errors.ToDisplayString, the issues sorted by
 * their position and joined by newlines. Exact when the model is sure of every issue.
 */
export function compilationFailed(source: string, issues: readonly CompileIssue[]): { detail: string; exact: boolean } {
  const exact = issues.length > 0 && issues.every((i) => i.exact && i.offset !== undefined);
  const sorted = [...issues].sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
  const shown = exact
    ? sorted.map((i) => displayIssue(source, i.offset as number, i.message)).join("\n")
    : `ERROR: ${sorted[0]?.message ?? ""}`;
  return { detail: `compilation failed: ${shown}`, exact };
}
