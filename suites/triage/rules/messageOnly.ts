// A corpus test the implementation fails by its message alone: its outcome (and code) agree with the
// model's, and the words the test expects are missing. Such a divergence is reduced while the
// words stay missing (reduceFailure.ts) and keyed apart from any disagreement on the outcome.
import { agree } from "../../../oracles/contract/agreement.ts";
import type { Outcome } from "../../../oracles/contract/outcome.ts";
import type { Diagnosis } from "../diagnosis.ts";
import { denialFraming } from "../diagnosis.ts";
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

/**
 * kube-apiserver's framing of a denial, before its reason: "ValidatingAdmissionPolicy 'p' with
 * binding 'b' denied request: ", "policy \"p\" denied request: ", "pods \"web\" is forbidden: ".
 */
const framing = /^.*?(?:denied request: |is forbidden: )/;

/**
 * The framing alone, when the implementation's message gives the rest of the words (the reason:
 * a CEL error, a binding's failure) and lacks only kube-apiserver's framing of it.
 */
export function framingLacked(words: string, message: string | undefined): string | undefined {
  const prefix = framing.exec(words)?.[0];
  if (prefix === undefined || message === undefined) return undefined;
  const reason = words.slice(prefix.length);
  return reason.trim() !== "" && message.includes(reason) ? prefix : undefined;
}

/** The diagnosis of a message-only divergence: keyed apart from any disagreement on the outcome. */
function worded(d: Diagnosis, words: string, message: string | undefined): Diagnosis {
  // The reason given word for word, the framing missing: that is the one cause, whichever reason.
  const prefix = framingLacked(words, message);
  if (prefix !== undefined)
    return { ...d, topic: denialFraming, key: `${denialFraming} · another message`, wording: prefix };
  // The words of a condition's evaluation error are the CEL implementation's, whichever function erred.
  const topic = d.topic.startsWith("cel ") ? "cel messages" : d.topic;
  return { ...d, topic, key: `${topic} · another message`, wording: words };
}

export const messageOnly: TriageRule = {
  name: "messageOnly",
  async find(_ctx, c) {
    const words = c.words;
    const message =
      c.answer.answer === "outcome" && "message" in c.answer.outcome ? c.answer.outcome.message : undefined;
    return words === undefined ? undefined : { rekey: (d) => worded(d, words, message) };
  },
};
