// The reference model as a Matcher: the embedded default implementation.
import { fullCapabilities } from "../contract/capabilities.ts";
import { subjectKinds } from "../contract/subject.ts";
import { supportedMinors } from "../contract/versions.ts";
import { decide } from "../model/decide.ts";
import { outsideModel } from "../model/outsideModel.ts";
import type { Matcher } from "./matcher.ts";

export function modelMatcher(): Matcher {
  return {
    info: { name: "matchconform reference model", version: "0.1.0", language: "typescript" },
    subjects: subjectKinds,
    input: "manifest",
    kubernetesVersions: supportedMinors,
    capabilities: fullCapabilities,
    match: async (q) => {
      const outside = outsideModel(q);
      if (outside !== undefined) return { answer: "skipped", message: `outside the reference model: ${outside}` };
      return { answer: "outcome", outcome: decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome };
    },
    close: async () => {},
  };
}
