// What the static pass over a condition (check.ts) carries from node to node: the issues found,
// the first part the model cannot decide, the variables read, and the scope of a comprehension.
import type { parse } from "@bufbuild/cel";
import type { CelStaticType } from "./celType.ts";
import { celTypeName, isConcrete, t } from "./celType.ts";
import type { CompileIssue } from "./compileIssues.ts";
import { celGoOffset } from "./compileIssues.ts";

export type Parsed = ReturnType<typeof parse>;
export type Expr = Parsed["expr"];

export type Variable = "object" | "oldObject" | "request" | "namespaceObject" | "params";

/** Thrown at a part the model cannot decide; the walk catches it at the node (check.ts typeOf). */
export class Stop {
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}
export const outside = (reason: string) => new Stop(reason);

/** What the walk found so far, shared by the scopes of one check. */
export interface Found {
  readonly issues: CompileIssue[];
  /** The first part the model cannot decide; the walk goes on with its type unknown. */
  outside: string | undefined;
  readonly source: string;
  readonly parsed: Parsed;
}

export interface Walk {
  readonly found: Found;
  readonly scope: ReadonlyMap<string, CelStaticType>;
  readonly reads: Set<Variable>;
  readonly regexes: string[];
  readonly inComprehension: boolean;
  /** compile.go: params is declared (dyn) only for a policy with a paramKind. */
  readonly hasParams: boolean;
}

export const scalars = new Set(["bool", "int", "uint", "double", "string", "bytes"]);
export const numbers = new Set(["int", "uint", "double"]);

/** Records an issue at the node; the node's type is then the error type. */
export function issue(w: Walk, e: Expr, message: string, exact = true): CelStaticType {
  w.found.issues.push({ offset: celGoOffset(w.found.source, w.found.parsed, e), message, exact });
  return t.error;
}

/** cel-go errors.noMatchingOverload, with the operands' type names where the model knows them. */
export function noOverload(
  w: Walk,
  e: Expr,
  fn: string,
  operands: readonly CelStaticType[],
  member: boolean,
): CelStaticType {
  const known = operands.every((o) => celTypeName(o) !== undefined);
  const names = operands.map((o) => celTypeName(o) ?? o.k);
  const [self, ...rest] = names;
  const signature = member ? `${self}.(${rest.join(", ")})` : `(${names.join(", ")})`;
  return issue(w, e, `found no matching overload for '${fn}' applied to '${signature}'`, known);
}

/** Operands of a known kind outside those the function takes: cel-go's checker decides, not the model. */
export function expectKinds(fn: string, operands: readonly CelStaticType[], kinds: readonly string[]): void {
  const odd = operands.find((o) => isConcrete(o) && !kinds.includes(o.k));
  if (odd !== undefined) throw outside(`${fn} on ${odd.k}`);
}
