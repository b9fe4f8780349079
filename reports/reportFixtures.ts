// Buckets for the reports' tests: a minimal `pods/*` case the model decides, under any key and title.
import type { Query } from "../oracles/contract/query.ts";
import { decide } from "../oracles/model/decide.ts";
import { toCaseFile } from "./caseFile.ts";
import type { Bucket } from "./runReport.ts";

const q: Query = {
  kubernetesVersion: "1.37",
  subject: {
    kind: "ValidatingAdmissionPolicy",
    policy: {
      matchConstraints: {
        resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods/*"] }],
      },
    },
    binding: {},
  },
  cluster: { namespaces: { prod: { "kubernetes.io/metadata.name": "prod" } } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "prod",
    name: "web",
    object: { apiVersion: "v1", kind: "Pod", metadata: { name: "web", namespace: "prod" } },
  },
};

/** A cause seen 3 times (corpus 2, generated 1), the implementation answering noMatch; `known`: an expected failure's reason. */
export function sampleBucket(signature: string, title: string, known?: string): Bucket {
  const outcome = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
  return {
    signature,
    title,
    clause: "rules.resource.subresourceWildcardMatchesMain",
    phase: "corpus",
    phases: { corpus: 2, generated: 1, invariant: 0 },
    count: 3,
    minors: ["1.37"],
    reduction: { status: "minimal", calls: 0, lines: 1, moves: [] },
    example: {
      phase: "corpus",
      query: q,
      expected: outcome,
      actual: { answer: "outcome", outcome: { outcome: "noMatch" } },
      clauses: [],
      caseFile: toCaseFile([{ description: "d", query: q, outcome }]),
    },
    ...(known !== undefined && { expectedFailure: { reason: known } }),
  };
}
