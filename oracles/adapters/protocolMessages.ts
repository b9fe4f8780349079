// Reads an implementation's messages: checks each against protocol.schema.json and turns an
// answer line into an Answer.
import { Ajv } from "ajv";
import caseSchema from "../../suites/cases/case-file.schema.json" with { type: "json" };
import type { Outcome } from "../contract/outcome.ts";
import protocolSchema from "../contract/protocol.schema.json" with { type: "json" };
import type { ReadyMessage } from "../contract/protocol.ts";
import type { Answer } from "./matcher.ts";

const ajv = new Ajv({ allErrors: false, strict: false });
ajv.addSchema(caseSchema);
ajv.addSchema(protocolSchema);
const readySchema = ajv.getSchema("https://matchconform.dev/schemas/protocol-v1.json#/definitions/ready");
const answerSchema = ajv.getSchema("https://matchconform.dev/schemas/protocol-v1.json#/definitions/answer");

/**
 * What is wrong with a message, for its author: "the message must match exactly one schema in
 * oneOf" said neither what was sent nor what an answer is, so the message is quoted (cut) and a
 * malformed answer gets the shapes it may take.
 */
function problem(validate: typeof readySchema, message: unknown, shapes = ""): string {
  const errors = validate?.errors ?? [];
  // Under oneOf, each shape the message is not fails on its "outcome" constant: a fault inside a
  // field is the one of the shape the message meant.
  const inside = errors.find((x) => x.instancePath !== "" && x.keyword !== "const");
  if (inside !== undefined) return `${inside.instancePath} ${inside.message ?? "is not valid"}`;
  const e = errors.at(-1);
  if (e === undefined) return "is not valid";
  const sent = JSON.stringify(message) ?? String(message);
  const quoted = sent.length > 80 ? `${sent.slice(0, 80)}…` : sent;
  return `${quoted} ${e.message ?? "is not valid"}${shapes}`;
}

const answerShapes =
  ' (an answer is {"seq":N,"outcome":"match"|"noMatch"|"invalid",…}, {"seq":N,"outcome":"error","code":N,…}, {"seq":N,"skipped":{"message":…}} or {"seq":N,"errored":{"message":…}}: docs/line-protocol.md)';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export function parseReady(message: unknown): Parsed<ReadyMessage> {
  if (readySchema === undefined) throw new Error("protocol.schema.json has no ready definition");
  return readySchema(message)
    ? { ok: true, value: message as ReadyMessage }
    : { ok: false, problem: problem(readySchema, message) };
}

/** An answer line, checked; `seq` is read first so that a malformed answer can still be attributed. */
export function parseAnswer(message: unknown): { readonly seq: number | undefined; readonly answer: Parsed<Answer> } {
  const seq = typeof (message as { seq?: unknown })?.seq === "number" ? (message as { seq: number }).seq : undefined;
  if (answerSchema === undefined) throw new Error("protocol.schema.json has no answer definition");
  if (!answerSchema(message))
    return { seq, answer: { ok: false, problem: problem(answerSchema, message, answerShapes) } };
  return { seq, answer: { ok: true, value: toAnswer(message as Record<string, unknown>) } };
}

function toAnswer(m: Record<string, unknown>): Answer {
  if (m.skipped) {
    const s = m.skipped as { message: string; issue?: string };
    return { answer: "skipped", message: s.message, ...(s.issue !== undefined && { issue: s.issue }) };
  }
  if (m.errored) {
    const e = m.errored as { message: string; detail?: string };
    return { answer: "errored", message: e.message, ...(e.detail !== undefined && { detail: e.detail }) };
  }
  return { answer: "outcome", outcome: toOutcome(m) };
}

function toOutcome(m: Record<string, unknown>): Outcome {
  switch (m.outcome) {
    case "match":
      return {
        outcome: "match",
        ...(m.matchedResource !== undefined && { matchedResource: m.matchedResource as never }),
        ...(m.matchedKind !== undefined && { matchedKind: m.matchedKind as never }),
        ...(m.params !== undefined && { params: m.params as never }),
      };
    case "noMatch":
      return { outcome: "noMatch" };
    case "error":
      return { outcome: "error", code: m.code as number, message: (m.message as string | undefined) ?? "" };
    default:
      return { outcome: "invalid", message: (m.message as string | undefined) ?? "" };
  }
}
