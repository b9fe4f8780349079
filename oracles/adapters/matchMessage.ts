// What the runner sends for a query (docs/line-protocol.md, `match`): the cluster always in full, and
// the subject as written (`manifest`) or defaulted (`stored`, never an invalid one); nothing
// outside the implementation's claimed capabilities (docs/protocol-capabilities.md).
import type { Capabilities } from "../contract/capabilities.ts";
import { fullCapabilities } from "../contract/capabilities.ts";
import type { MatchMessage, SubjectInputForm } from "../contract/protocol.ts";
import type { Query } from "../contract/query.ts";
import { defaultSubject } from "../model/defaulting.ts";
import { equivalentResourcesFor } from "../model/equivalents.ts";
import { noTrace } from "../model/trace.ts";
import { validateSubject } from "../model/validation.ts";
import { outOfScope } from "../scope/whyNotSent.ts";

export type PreparedMessage =
  | { readonly send: true; readonly message: Omit<MatchMessage, "seq"> }
  /** A `stored` implementation is never sent an invalid subject: the runner answers for it. */
  | { readonly send: false; readonly reason: "invalidForStoredInput" }
  /** Outside what the implementation claims: never sent. */
  | { readonly send: false; readonly reason: "outOfScope"; readonly why: string };

export function matchMessage(
  q: Query,
  input: SubjectInputForm,
  capabilities: Capabilities = fullCapabilities,
  modelDecides = true,
): PreparedMessage {
  const { request, kubernetesVersion } = q;
  const why = outOfScope(q, capabilities, modelDecides);
  if (why !== undefined) return { send: false, reason: "outOfScope", why };
  const cluster = {
    namespaces: q.cluster.namespaces ?? {},
    equivalentResources: equivalentResourcesFor(
      request.resource,
      request.subResource ?? "",
      q.cluster,
      kubernetesVersion,
    ),
    // Sent only to an implementation that claims params (outOfScope above), and only when given.
    ...(q.cluster.customKinds !== undefined && { customKinds: q.cluster.customKinds }),
    ...(q.cluster.params !== undefined && { params: q.cluster.params }),
  };
  // Without defaulting the subject goes out as `stored` input's does, defaults written out.
  const defaulted = input === "stored" || !capabilities.features.defaulting;
  const subject = defaulted ? defaultSubject(q.subject, noTrace, kubernetesVersion) : q.subject;
  if (input === "stored" && validateSubject(subject, kubernetesVersion, noTrace).length > 0)
    return { send: false, reason: "invalidForStoredInput" };
  return { send: true, message: { cmd: "match", kubernetesVersion, subject, cluster, request } };
}

/** What the adapter answers for a query it does not send. */
export function unsentAnswer(prepared: Extract<PreparedMessage, { send: false }>) {
  return {
    answer: "skipped" as const,
    message:
      prepared.reason === "outOfScope"
        ? `outside the claimed scope: ${prepared.why}`
        : "an invalid subject is not sent to an implementation of stored input",
  };
}
