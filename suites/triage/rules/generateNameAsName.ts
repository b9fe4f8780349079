// "Treats generateName as the name": the divergence disappears when a generateName CREATE is given
// its prefix as a name, and the implementation answered the case as kube-apiserver answers that
// one. kube-apiserver admits a generateName CREATE without its prefix as a name: "" in mutating
// admission, the generated name (prefix and a random suffix) in validating admission.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";

export const generateNameBehaviour: Behaviour = {
  name: "treats generateName as the name",
  title:
    'treats generateName as the name: the implementation matches a generateName CREATE under the prefix as its name; kube-apiserver admits it named "" (mutating admission) or with the generated name (validating admission)',
  source: "k8s.io/apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc",
};

const metadataOf = (o: unknown): Record<string, unknown> | undefined => {
  const m = (o as { metadata?: unknown } | null | undefined)?.metadata;
  return m !== null && typeof m === "object" && !Array.isArray(m) ? (m as Record<string, unknown>) : undefined;
};

export const generateNameAsName: Probe = {
  name: "generateNameAsName",
  change(q: Query) {
    const r = q.request;
    const meta = metadataOf(r.object);
    const prefix = meta?.generateName;
    if (r.operation !== "CREATE" || (r.name ?? "") !== "" || typeof prefix !== "string" || prefix === "")
      return undefined;
    const { generateName: _, ...named } = meta ?? {};
    const object = { ...(r.object ?? {}), metadata: { ...named, name: prefix } };
    return { ...q, request: { ...r, name: prefix, object } };
  },
  behaviour: () => generateNameBehaviour,
};

export const generateNameAsNameRule = probeRule(generateNameAsName);
