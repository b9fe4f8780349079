// A corpus test the implementation fails by its message alone: its outcome (and code) agree with the
// model's, and the words the test expects are missing. Such a divergence is reduced while the
// words stay missing (reduceFailure.ts) and keyed apart from any disagreement on the outcome.
import { agree } from "../../../oracles/contract/agreement.ts";
import type { Outcome } from "../../../oracles/contract/outcome.ts";
import type { Diagnosis } from "../diagnosis.ts";
import type { Failure } from "../failureLog.ts";
import type { TriageContext } from "../triageContext.ts";
import type { TriageRule } from "./rule.ts";

/** The words a corpus test expects and the implementation alone leaves out; undefined for any other failure. */
export function missingWords(ctx: TriageContext, f: Failure): string | undefined {
  if (f.corpus === undefined || f.actual.answer !== "outcome") return undefined;
  const e = f.expected;
  if ((e.outcome !== "error" && e.outcome !== "invalid") || !("contains" in e) || e.contains === undefined)
    return undefined;
  return agree(ctx.model(f.query, false).outcome, f.actual.outcome) ? e.contains : undefined;
}

export const says = (o: Outcome, words: string) => "message" in o && o.message.includes(words);

/** The diagnosis of a message-only divergence: keyed apart from any disagreement on the outcome. */
function worded(d: Diagnosis, words: string): Diagnosis {
  // The words of a condition's evaluation error are the CEL implementation's, whichever function erred.
  const topic = d.topic.startsWith("cel ") ? "cel messages" : d.topic;
  return { ...d, topic, key: `${topic} · another message`, wording: words };
}

export const messageOnly: TriageRule = {
  name: "messageOnly",
  async find(_ctx, c) {
    const words = c.words;
    return words === undefined ? undefined : { rekey: (d) => worded(d, words) };
  },
};
