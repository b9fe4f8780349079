// What a matchCondition reads of its variables, as paths from the root (`request.namespace`,
// `object.metadata.labels.app`): the apiserver oracle sends a renamed request as another user,
// so a condition that reads what differs on the server cannot be put to it.
import { parse } from "@bufbuild/cel";

type Expr = ReturnType<typeof parse>["expr"];

/** A read: the path from a root variable to what the expression reads there (as a whole). */
export interface Read {
  readonly path: readonly string[];
  /** `has(a.b)`: whether the field is there, not its value. */
  readonly presence?: true;
}

const roots = new Set(["request", "object", "oldObject", "namespaceObject", "params", "authorizer"]);

/** Every path the expression reads, or undefined when it does not parse (the server's validation answers it). */
export function readPaths(expression: string): Read[] | undefined {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch {
    return undefined;
  }
  const out: Read[] = [];
  if (parsed.expr !== undefined) walk(parsed.expr, out);
  return out;
}

function walk(e: Expr, out: Read[]): void {
  const path = pathOf(e);
  if (path !== undefined) {
    const presence = e.exprKind.case === "selectExpr" && e.exprKind.value.testOnly;
    out.push({ path, ...(presence && { presence: true as const }) });
    return;
  }
  const k = e.exprKind;
  const sub: Expr[] = [];
  switch (k.case) {
    case "selectExpr":
      if (k.value.operand) sub.push(k.value.operand);
      break;
    case "callExpr":
      if (k.value.target) sub.push(k.value.target);
      sub.push(...k.value.args);
      break;
    case "listExpr":
      sub.push(...k.value.elements);
      break;
    case "structExpr":
      for (const en of k.value.entries) {
        if (en.keyKind.case === "mapKey") sub.push(en.keyKind.value);
        if (en.value) sub.push(en.value);
      }
      break;
    case "comprehensionExpr": {
      const c = k.value;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) if (x) sub.push(x);
      break;
    }
    default:
      break;
  }
  for (const x of sub) walk(x, out);
}

/** root.a.b, root['a'].b: the path; undefined when the expression is not a selection from a root. */
function pathOf(e: Expr): string[] | undefined {
  const k = e.exprKind;
  if (k.case === "identExpr") return roots.has(k.value.name) ? [k.value.name] : undefined;
  if (k.case === "selectExpr" && k.value.operand) {
    const inner = pathOf(k.value.operand);
    return inner && [...inner, k.value.field];
  }
  if (k.case === "callExpr" && k.value.function === "_[_]" && k.value.args.length === 2) {
    const [operand, key] = k.value.args as [Expr, Expr];
    const inner = pathOf(operand);
    if (inner === undefined) return undefined;
    if (key.exprKind.case === "constExpr" && key.exprKind.value.constantKind.case === "stringValue")
      return [...inner, key.exprKind.value.constantKind.value];
    // An index that is not a constant string reads the whole of what it indexes.
    return undefined;
  }
  return undefined;
}

/** Does a read at `read` observe the value at `at`: one is a prefix of the other. */
export function overlaps(read: readonly string[], at: readonly string[]): boolean {
  const n = Math.min(read.length, at.length);
  for (let i = 0; i < n; i++) if (read[i] !== at[i]) return false;
  return true;
}
