// What the reference model does not decide, said before it is asked: a query it answers only
// once these are undefined. The runner counts such queries as skipped, with the reason
// (docs/case-format.md, "Outside the model").
import type { Query } from "../contract/query.ts";
import { atLeast } from "../contract/versions.ts";
import { asValidatingAdmissionSeesIt, sameGVR, toAttributes } from "./attributes.ts";
import type { Variable } from "./cel/checkWalk.ts";
import { decodeNulls } from "./decoding.ts";
import { equivalentResourcesFor } from "./equivalents.ts";
import { compileCondition } from "./matchConditions.ts";
import { unstatedParamRead } from "./paramReads.ts";
import { unknownBuiltinKind } from "./params.ts";
import { validateParamKind } from "./paramValidation.ts";
import { noTrace } from "./trace.ts";

/**
 * What outsideModel reads of a compiled condition. A generator that knows it of the conditions it
 * drew, by construction, passes its own `shapeOf`, so that drawing parses nothing.
 */
export type ConditionShape =
  | {
      readonly kind: "ok";
      readonly reads: ReadonlySet<Variable>;
      readonly rootConditional: boolean;
      /** Why it reads what a case cannot state of a param (paramReads.ts), or undefined. */
      readonly paramRead: string | undefined;
    }
  | { readonly kind: "outside"; readonly reason: string }
  /** It does not compile, or is not bool: validation rejects it, which the model decides. */
  | { readonly kind: "invalid" };

const invalid: ConditionShape = { kind: "invalid" };

/** The shape of the trimmed expression as compileCondition compiles it. */
export function compiledShape(expression: string, hasParams: boolean): ConditionShape {
  const compiled = compileCondition(expression, hasParams);
  if (compiled.kind === "outside") return compiled;
  if (compiled.kind !== "ok") return invalid;
  const paramRead = compiled.reads.has("params") ? unstatedParamRead(compiled.parsed.expr) : undefined;
  return { kind: "ok", reads: compiled.reads, rootConditional: compiled.rootConditional, paramRead };
}

export function outsideModel(
  q: Query,
  shapeOf: (expression: string, hasParams: boolean) => ConditionShape = compiledShape,
): string | undefined {
  const subject = decodeNulls(q.subject);
  const paramKind = "policy" in subject ? subject.policy.paramKind : undefined;
  // A paramKind of a built-in group the model's table lacks: whether a resource serves it, and
  // how its typed objects read, the model does not know.
  if (paramKind !== undefined && validateParamKind(paramKind, noTrace).length === 0 && unknownBuiltinKind(paramKind))
    return `paramKind ${paramKind.apiVersion ?? ""} ${paramKind.kind ?? ""}: a built-in kind the model does not know`;
  const conditions =
    "policy" in subject ? subject.policy.matchConditions : "webhook" in subject ? subject.webhook.matchConditions : [];
  if (conditions === undefined || conditions.length === 0) return undefined;
  let readsObject = false;
  for (const c of conditions) {
    const shape = shapeOf(c.expression ?? "", paramKind !== undefined);
    if (shape.kind === "outside") return `matchCondition ${JSON.stringify(c.name ?? "")}: ${shape.reason}`;
    if (shape.kind !== "ok") continue;
    if (shape.paramRead !== undefined) return `matchCondition ${JSON.stringify(c.name ?? "")}: ${shape.paramRead}`;
    // v0.31.14 compile.go compares the output type with cel.BoolType by pointer; whether a
    // conditional's substituted bool is that pointer the model does not know.
    if (shape.rootConditional && !atLeast(q.kubernetesVersion, 32))
      return `matchCondition ${JSON.stringify(c.name ?? "")}: a conditional at the root before 1.32`;
    if (shape.reads.has("object") || shape.reads.has("oldObject")) readsObject = true;
  }
  const attr = toAttributes(q.request);
  // admission.NewVersionedAttributes converts the object to the matched kind before any
  // condition runs; for a CONNECT that object is an options object, whose conversion the model
  // does not know.
  if (attr.operation === "CONNECT") return "matchConditions on a CONNECT, whose options object is converted first";
  const validating = subject.kind === "ValidatingAdmissionPolicy" || subject.kind === "ValidatingWebhook";
  if (validating && asValidatingAdmissionSeesIt(attr) !== attr)
    return "matchConditions on a generateName CREATE, whose generated name validating admission sees";
  // Matched through an equivalent resource, the object is converted to that version first.
  const others = equivalentResourcesFor(attr.resource, attr.subResource, q.cluster, q.kubernetesVersion).some(
    (e) => !sameGVR(e.resource, attr.resource),
  );
  if (readsObject && others) return "matchConditions that read an object which conversion to an equivalent may change";
  return undefined;
}
