// Which part of a matchCondition the implementation evaluates otherwise than kube-apiserver's CEL.
// The reduced case still holds whole conditions; this asks the implementation about their parts,
// smallest first: each part S becomes the only condition, `(S) == <S's value in the model>` (or
// `(S) == (S)` where the model's S errs), which the model decides as all true (or as the error).
// The first part the implementation answers otherwise is the cause, and its query the minimal case.
import type { parse } from "@bufbuild/cel";
import { isCelUint, unparse } from "@bufbuild/cel";
import type { Answer } from "../../../oracles/adapters/matcher.ts";
import { agree } from "../../../oracles/contract/agreement.ts";
import type { MatchCondition } from "../../../oracles/contract/kube.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { toAttributes } from "../../../oracles/model/attributes.ts";
import { operatorText } from "../../../oracles/model/cel/compileIssues.ts";
import { evaluateValue, parseCondition } from "../../../oracles/model/cel/evaluate.ts";
import { conditionBindings } from "../../../oracles/model/conditionsFor.ts";
import { wellFormed } from "../../shrink/normaliseQuery.ts";
import { celTopicOf } from "../celTopic.ts";
import type { Diagnosis } from "../diagnosis.ts";
import { decidingClause } from "../signature.ts";
import type { TriageContext } from "../triageContext.ts";
import type { TriageRule } from "./rule.ts";

type Expr = ReturnType<typeof parse>["expr"];

export interface CelPart {
  /** The part, as CEL text. */
  readonly expression: string;
  /** What kube-apiserver's CEL makes of it: `5`, `"web"`, or `error: no such key: namespace`. */
  readonly reference: string;
  /** What the part turns on: its function or operator, or the field it reads. */
  readonly name: string;
  /** The query with the part as the only condition, and the implementation's answer to it. */
  readonly query: Query;
  readonly answer: Answer;
}

/** Parts asked about at most, per divergence. */
const maxProbes = 40;

export async function divergentPart(ctx: TriageContext, q: Query): Promise<CelPart | undefined> {
  const s = q.subject as {
    policy?: { matchConditions?: unknown; paramKind?: unknown };
    webhook?: { matchConditions?: unknown };
  };
  // A policy with params evaluates once per param: which param a part saw is not known here.
  if (s.policy?.paramKind !== undefined && s.policy.paramKind !== null) return undefined;
  const conditions = (s.policy?.matchConditions ?? s.webhook?.matchConditions) as MatchCondition[] | undefined;
  if (!Array.isArray(conditions)) return undefined;
  const attr = toAttributes(q.request);
  const bindings = conditionBindings(attr, attr.kind);
  const parts = conditions
    .flatMap((c) => {
      const p = typeof c?.expression === "string" ? parseCondition(c.expression) : undefined;
      return p?.ok && p.parsed.expr ? partsOf(p.parsed.expr) : [];
    })
    .sort((a, b) => a.size - b.size);
  let asked = 0;
  const seen = new Set<string>();
  for (const part of parts) {
    if (asked >= maxProbes) break;
    const text = unparse(part.expr);
    if (seen.has(text)) continue;
    seen.add(text);
    const value = evaluateValue(text, bindings, q.kubernetesVersion);
    if (value === undefined) continue;
    const lit = "error" in value ? undefined : literal(value.value);
    if (!("error" in value) && lit === undefined) continue;
    const probe = withCondition(q, "error" in value ? `(${text}) == (${text})` : `(${text}) == ${lit}`);
    if (!wellFormed(probe) || !ctx.allows(probe)) continue;
    const decision = ctx.model(probe, false);
    const understood =
      "error" in value
        ? decision.outcome.outcome === "error" || decision.clauses.includes("matchConditions.errorIgnored")
        : decision.clauses.includes("matchConditions.allTrue");
    if (!understood) continue; // the part means something else in the request's place
    asked++;
    const answer = await ctx.matcher.match(probe);
    if (answer.answer !== "outcome" || agree(decision.outcome, answer.outcome)) continue;
    const reference = "error" in value ? `error: ${value.error}` : (lit ?? "");
    return { expression: text, reference, name: nameOf(part.expr, reference), query: probe, answer };
  }
  return undefined;
}

function withCondition(q: Query, expression: string): Query {
  const s = q.subject;
  const conditions = [{ name: "part", expression }];
  if ("webhook" in s) return { ...q, subject: { ...s, webhook: { ...s.webhook, matchConditions: conditions } } };
  if ("policy" in s) return { ...q, subject: { ...s, policy: { ...s.policy, matchConditions: conditions } } };
  return q;
}

/** Every call and selection outside a macro's body (whose identifiers are the macro's own). */
function partsOf(root: Expr): { expr: Expr; size: number }[] {
  const out: { expr: Expr; size: number }[] = [];
  const visit = (e: Expr): number => {
    const k = e.exprKind;
    let size = 1;
    switch (k.case) {
      case "selectExpr":
        if (k.value.operand) size += visit(k.value.operand);
        out.push({ expr: e, size });
        break;
      case "callExpr":
        if (k.value.target) size += visit(k.value.target);
        for (const a of k.value.args) size += visit(a);
        out.push({ expr: e, size });
        break;
      case "listExpr":
        for (const el of k.value.elements) size += visit(el);
        break;
      case "comprehensionExpr":
        if (k.value.iterRange) size += visit(k.value.iterRange);
        size += 10;
        break;
      default:
        break;
    }
    return size;
  };
  visit(root);
  return out;
}

/** A CEL literal equal to the value, for scalars; undefined for lists, maps and the like. */
function literal(v: unknown): string | undefined {
  if (v === null) return "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "bigint") return v > -(2n ** 63n) ? v.toString() : undefined;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return undefined;
    return Number.isInteger(v) ? `${v}.0` : String(v);
  }
  if (typeof v === "string") return JSON.stringify(v);
  if (isCelUint(v)) return `${v.value}u`;
  return undefined;
}

/** Operators by their tokens (compileIssues.ts), with the ones a token would not name. */
const operators: Readonly<Record<string, string>> = {
  ...operatorText,
  "_[_]": "index [ ]",
  "-_": "unary -",
  "_&&_": "&&",
  "_||_": "||",
  "_?_:_": "?:",
};

/** What the request variable leaves out when empty (condition.go CreateAdmissionRequest, omitempty). */
export const emptyRequestFields = "the request's empty fields, which kube-apiserver leaves out";
/** The same, once the implementation says what it sees there instead: its own values, or empty ones. */
export const filledRequestFields = "the request's empty fields, filled with values of its own";
export const keptRequestFields = "the request's empty fields, kept as empty values";

/**
 * What the implementation's CEL sees in an empty field of the request that kube-apiserver's leaves
 * out: asked `size(field) == 0` alone, it matches when it keeps the field empty, and does not when
 * it fills the field with a value of its own (Kyverno's ResolveUser gives an empty username, uid or
 * groups a background user, pkg/admissionpolicy/user_info.go). Undefined when it says neither (a
 * field without a size).
 */
async function emptyFieldsSeen(ctx: TriageContext, q: Query, part: CelPart): Promise<string | undefined> {
  const path = part.expression.replace(/^has\((.*)\)$/, "$1");
  const probe = withCondition(q, `size(${path}) == 0`);
  if (!wellFormed(probe) || !ctx.allows(probe)) return undefined;
  const answer = await ctx.matcher.match(probe);
  if (answer.answer !== "outcome") return undefined;
  if (answer.outcome.outcome === "match") return keptRequestFields;
  return answer.outcome.outcome === "noMatch" ? filledRequestFields : undefined;
}

/**
 * The function or operator a part calls, or the field it reads (`has(x.f)` reads `x.f`). A field
 * of `request` that kube-apiserver leaves out because it is empty is one cause, whichever field.
 */
function nameOf(e: Expr, reference: string): string {
  const k = e.exprKind;
  if (k.case === "callExpr") return operators[k.value.function] ?? k.value.function;
  if (k.case !== "selectExpr") return unparse(e);
  const path = unparse(e)
    .replace(/^has\((.*)\)$/, "$1")
    .replace(/\[[^\]]*\]/g, "[…]");
  const absent = k.value.testOnly ? reference === "false" : reference.startsWith("error: no such key");
  return path.startsWith("request.") && absent ? emptyRequestFields : path;
}

/** The model's decision on `q` turns on the evaluation of its matchConditions. */
function turnsOnConditions(ctx: TriageContext, q: Query): boolean {
  return celTopicOf(q, decidingClause(ctx.model(q, false).clauses)) !== undefined;
}

/** The diagnosis of a divergence in one part of a condition: keyed on what the part turns on. */
function parted(d: Diagnosis, part: CelPart): Diagnosis {
  const topic = `cel ${part.name}`;
  return { ...d, topic, key: topic, features: [], celPart: { expression: part.expression, reference: part.reference } };
}

/** A divergence in the conditions' evaluation: the part the implementation gets wrong, asked on its own, is the minimal case. */
export const celPart: TriageRule = {
  name: "celPart",
  async find(ctx, c) {
    if (c.off !== undefined || c.answer.answer !== "outcome" || !turnsOnConditions(ctx, c.query)) return undefined;
    const found = await divergentPart(ctx, c.query);
    if (found === undefined) return undefined;
    const seen = found.name === emptyRequestFields ? await emptyFieldsSeen(ctx, found.query, found) : undefined;
    const part = seen === undefined ? found : { ...found, name: seen };
    return { query: part.query, answer: part.answer, rekey: (d) => parted(d, part) };
  },
};
