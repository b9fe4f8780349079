// Divergences where the model stops and an upstream oracle decided instead: no clause of the model
// names them, so they are grouped by why the model stopped (oracles/model/outsideModel.ts), the
// oracle that decided, and the two outcomes.
import type { Answer } from "../../oracles/adapters/matcher.ts";
import type { UpstreamName } from "../../oracles/adapters/reference.ts";
import type { OutcomeName } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import { pairOf } from "./bucketKey.ts";
import type { Diagnosis } from "./diagnosis.ts";
import { answerName } from "./signature.ts";

/**
 * Why the model stops at `q`, without what varies between queries of one cause: a condition's name
 * and the quoted values (`matchCondition "a": the function isIP` reads `matchConditions: the function isIP`).
 */
export function outsideTopic(q: Query): string {
  const reason = outsideModel(q) ?? "inside the model";
  return reason
    .replace(/^matchCondition "(?:[^"\\]|\\.)*": /, "matchConditions: ")
    .replace(/"(?:[^"\\]|\\.)*"/g, "…")
    .slice(0, 120);
}

/** The raw group of such a divergence while the run goes on: `upstream@1.N · <topic> · model X · implementation Y`. */
export function outsideSignature(by: UpstreamName, q: Query, reference: OutcomeName, answer: Answer): string {
  const impl = answerName(answer);
  if (answer.answer === "errored" || answer.answer === "broken") return `implementation ${impl}`;
  return `${by} · ${outsideTopic(q)} · model ${reference} · implementation ${impl}`;
}

/** What such a divergence is about once reduced; `wording`: the words only its message lacks. */
export function outsideDiagnosis(
  by: UpstreamName,
  q: Query,
  reference: OutcomeName,
  answer: Answer,
  wording?: string,
): Diagnosis {
  const impl = answerName(answer);
  if (answer.answer === "errored" || answer.answer === "broken")
    return {
      key: `implementation ${impl}`,
      clause: "none",
      topic: "implementation",
      model: reference,
      implementation: impl,
      features: [],
    };
  const topic = outsideTopic(q);
  const pair = wording === undefined ? pairOf(reference, impl) : "another message";
  return {
    key: `${by} · ${topic} · ${pair}`,
    clause: "none",
    topic,
    model: reference,
    implementation: impl,
    features: [],
    reference: by,
    ...(wording !== undefined && { wording }),
  };
}
