// What the runner sends for a query (conformance-format.md §2): the cluster always in full, and
// the subject as written (`manifest`) or defaulted (`stored`, never an invalid one).
import type { MatchMessage, SubjectInputForm } from "../contract/protocol.ts";
import type { Query } from "../invariants/invariant.ts";
import { defaultSubject } from "../model/defaulting.ts";
import { equivalentResourcesFor } from "../model/equivalents.ts";
import { noTrace } from "../model/trace.ts";
import { validateSubject } from "../model/validation.ts";

export type PreparedMessage =
  | { readonly send: true; readonly message: Omit<MatchMessage, "seq"> }
  /** A `stored` implementation is never sent an invalid subject: the runner answers for it. */
  | { readonly send: false; readonly reason: "invalidForStoredInput" };

export function matchMessage(q: Query, input: SubjectInputForm): PreparedMessage {
  const { request, kubernetesVersion } = q;
  const cluster = {
    namespaces: q.cluster.namespaces ?? {},
    equivalentResources: equivalentResourcesFor(
      request.resource,
      request.subResource ?? "",
      q.cluster,
      kubernetesVersion,
    ),
  };
  if (input === "manifest")
    return { send: true, message: { cmd: "match", kubernetesVersion, subject: q.subject, cluster, request } };
  const stored = defaultSubject(q.subject, noTrace);
  if (validateSubject(stored, kubernetesVersion, noTrace).length > 0)
    return { send: false, reason: "invalidForStoredInput" };
  return { send: true, message: { cmd: "match", kubernetesVersion, subject: stored, cluster, request } };
}
