// What a condition reads of `params`. A case states a param's apiVersion, kind, name, namespace,
// labels and its own fields; the server adds the rest of its metadata (uid, resourceVersion,
// creationTimestamp, managedFields), which the model does not know: a condition that reads them,
// or the whole param or its whole metadata, is outside the model.
import type { parse } from "@bufbuild/cel";

type Expr = ReturnType<typeof parse>["expr"];

const statedMetadata = new Set(["name", "namespace", "labels"]);

/** Why the condition reads what the case cannot state of a param, or undefined. */
export function unstatedParamRead(e: Expr): string | undefined {
  const k = e.exprKind;
  switch (k.case) {
    case "identExpr":
      return k.value.name === "params" ? "it reads the whole param, which the server completes" : undefined;
    case "selectExpr": {
      const path = pathFromParams(e);
      if (path === undefined) return k.value.operand && unstatedParamRead(k.value.operand);
      const [first, second] = path;
      if (first !== "metadata") return undefined;
      if (second === undefined) return k.value.testOnly ? undefined : "it reads the param's whole metadata";
      return statedMetadata.has(second) ? undefined : `it reads params.metadata.${second}, which the server sets`;
    }
    case "callExpr": {
      const { function: fn, target, args } = k.value;
      // params == null and params != null read only whether there is a param.
      if ((fn === "_==_" || fn === "_!=_") && args.some(isParams) && args.some(isNull)) return undefined;
      return firstOf([...(target ? [target] : []), ...args]);
    }
    case "listExpr":
      return firstOf(k.value.elements);
    case "structExpr":
      return firstOf(
        k.value.entries.flatMap((en) => [
          ...(en.keyKind.case === "mapKey" ? [en.keyKind.value] : []),
          ...(en.value ? [en.value] : []),
        ]),
      );
    case "comprehensionExpr": {
      const c = k.value;
      return firstOf([c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].filter((x) => x !== undefined));
    }
    default:
      return undefined;
  }
}

function firstOf(exprs: readonly Expr[]): string | undefined {
  for (const x of exprs) {
    const why = unstatedParamRead(x);
    if (why !== undefined) return why;
  }
  return undefined;
}

const isParams = (e: Expr) => e.exprKind.case === "identExpr" && e.exprKind.value.name === "params";
const isNull = (e: Expr) => e.exprKind.case === "constExpr" && e.exprKind.value.constantKind.case === "nullValue";

/** params.a.b -> ["a", "b"]; undefined when the selection does not start at params. */
function pathFromParams(e: Expr): string[] | undefined {
  const k = e.exprKind;
  if (isParams(e)) return [];
  if (k.case !== "selectExpr" || k.value.operand === undefined) return undefined;
  const inner = pathFromParams(k.value.operand);
  return inner === undefined ? undefined : [...inner, k.value.field];
}
