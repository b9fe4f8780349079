// Evaluates one parsed condition with @bufbuild/cel (conformance-tested against cel-spec) and
// the extensions upstream's base environment enables that the checker lets through.
import type { CelInput } from "@bufbuild/cel";
import { celEnv, isCelError, parse, plan } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import type { Minor } from "../../contract/versions.ts";
import { listsLibrary } from "./listsLibrary.ts";
import { celGoStrings, replacedByCelGo } from "./stringsLibrary.ts";

// One environment per minor: the strings extension of its cel-go (stringsLibrary.ts).
const envs = new Map<Minor, ReturnType<typeof celEnv>>();

function envFor(minor: Minor): ReturnType<typeof celEnv> {
  let env = envs.get(minor);
  if (env === undefined) {
    const kept = strings.filter((f) => !replacedByCelGo.has(f.name));
    env = celEnv({ funcs: [...kept, ...celGoStrings(minor), ...listsLibrary] });
    envs.set(minor, env);
  }
  return env;
}

export interface Bindings {
  readonly object: CelInput;
  readonly oldObject: CelInput;
  readonly request: CelInput;
  readonly namespaceObject: CelInput;
  /** Bound only for a policy with a paramKind: the param object, or null. */
  readonly params?: CelInput;
}

export type Evaluation = { readonly result: boolean } | { readonly error: string } | { readonly outside: string };

export function evaluateCondition(expr: ReturnType<typeof parse>, bindings: Bindings, minor: Minor): Evaluation {
  const value = plan(envFor(minor), expr)({ ...bindings });
  if (isCelError(value)) return { error: celGoWording(value.message) };
  if (typeof value === "boolean") return { result: value };
  return { outside: `the condition evaluated to a ${typeof value}, which its checked type rules out` };
}

// cel-go's words for run-time errors where @bufbuild/cel has its own: "no such key: x" for a map
// or struct without the field (common/types/map.go, pkg/cel/common/valuesschemalesstyped.go);
// common/types/err.go's "division by zero", "modulus by zero", "integer overflow", "unsigned
// integer overflow"; "no such overload" for a call no overload takes at run time
// (common/types/err.go NoSuchOverloadErr). Checked against the upstream oracle.
const celGoWords: readonly (readonly [RegExp, string])[] = [
  [/^field not found: /, "no such key: "],
  [/^u?int divide by zero$/, "division by zero"],
  [/^u?int modulus by zero$/, "modulus by zero"],
  [/^int overflow during .*$/, "integer overflow"],
  [/^uint overflow during .*$/, "unsigned integer overflow"],
  [/^found no matching overload for .*$/, "no such overload"],
];

function celGoWording(message: string): string {
  return celGoWords.reduce((m, [from, to]) => m.replace(from, to), message);
}

/** Parses, or says why not; an expression that uses syntax this parser lacks is not a compile error. */
export function parseCondition(
  expression: string,
): { readonly ok: true; readonly parsed: ReturnType<typeof parse> } | { readonly ok: false; readonly message: string } {
  try {
    return { ok: true, parsed: parse(expression) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/**
 * Any expression's value in the environment of `minor`, or its error in cel-go's words; for the
 * diagnosis, which asks an implementation about the parts of a condition.
 */
export function evaluateValue(
  expression: string,
  bindings: Bindings,
  minor: Minor,
): { readonly value: unknown } | { readonly error: string } | undefined {
  const p = parseCondition(expression);
  if (!p.ok) return undefined;
  const value = plan(envFor(minor), p.parsed)({ ...bindings });
  return isCelError(value) ? { error: celGoWording(value.message) } : { value };
}
