// What a divergence is about once reduced: the bucket's key and the facts it was built from. The
// keying itself is bucketKey.ts; the rules that re-key a reduced case are rules/.
import type { UpstreamName } from "../../oracles/adapters/reference.ts";
import type { OutcomeName } from "../../oracles/contract/outcome.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import type { AnswerName } from "./signature.ts";

/** Families: one cause across many rules, reported as one entry with a table of the rules. */
export type FamilyName = "acceptsInvalid" | "rejectsValid";

export const families: Readonly<Record<FamilyName, { readonly title: string; readonly explanation: string }>> = {
  acceptsInvalid: {
    title: "accepts manifests that kube-apiserver rejects",
    explanation:
      "kube-apiserver's validation rejects these subjects on create (outcome invalid); the implementation matches with them as if they were stored.",
  },
  rejectsValid: {
    title: "rejects manifests that kube-apiserver accepts",
    explanation: "kube-apiserver stores these subjects; the implementation reports them invalid.",
  },
};

/** What the implementation does, as a counterfactual probe named it (rules/counterfactual.ts). */
export interface Behaviour {
  /** Short and stable: the bucket key is `behaviour <name>`. */
  readonly name: string;
  /** What the implementation does, in API words, next to what kube-apiserver does. */
  readonly title: string;
  /** The upstream file kube-apiserver decides it in. */
  readonly source: string;
}

export interface Diagnosis {
  /** The bucket's key: `<topic> · model X · implementation Y[ · features]`, or `family <name>`. */
  readonly key: string;
  readonly clause: ClauseName | "none";
  readonly topic: string;
  readonly model: OutcomeName;
  readonly implementation: AnswerName;
  readonly features: readonly string[];
  readonly family?: FamilyName;
  /** A message-only divergence: the words kube-apiserver's message has and the implementation's lacks. */
  readonly wording?: string;
  /** A divergence in one part of a matchCondition (rules/celPart.ts): the part and kube-apiserver's value of it. */
  readonly celPart?: { readonly expression: string; readonly reference: string };
  /** The behaviour a counterfactual probe named: the title and source say it, the clause stays as detail. */
  readonly behaviour?: Behaviour;
  /** Where the model stops: the upstream oracle that decided instead (its topic then says why the model stopped). */
  readonly reference?: UpstreamName;
}

/** The topic of a denial whose reason is kube-apiserver's, word for word, without its framing (rules/messageOnly.ts). */
export const denialFraming = "denial framing";

export function familyOf(model: OutcomeName, impl: AnswerName): FamilyName | undefined {
  const kube = (x: string) => x === "match" || x === "noMatch" || x === "error";
  if (model === "invalid" && kube(impl)) return "acceptsInvalid";
  if (kube(model) && impl === "invalid") return "rejectsValid";
  return undefined;
}
