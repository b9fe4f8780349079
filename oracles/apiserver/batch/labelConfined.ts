// Whether a query's policy probe is confined by its label as well as by its condition. Every dry
// run is matched against every probe policy in the cluster; one confined by its matchCondition
// alone costs the server a CEL activation for each, one whose matchConstraints also select its
// label (subject/confinement.ts labelledOnly) fails on the object selector before any CEL runs
// (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/matching/matching.go Matches). The label
// is added only where it changes no verdict; elsewhere the condition confines the probe alone.
import type { Query } from "../../contract/query.ts";
import { probeLabel } from "../probe/names.ts";
import type { Realisable } from "../request/realisation.ts";
import { isNamespaceResource } from "../request/rename.ts";

/** The subject kinds realised as a policy probe; a webhook is confined at the receiver. */
const policyKinds: ReadonlySet<string> = new Set([
  "ValidatingAdmissionPolicy",
  "MutatingAdmissionPolicy",
  "MatchResources",
]);

/**
 * The request's objects, the one sent and the one stored, carry the label as sent: not a
 * subresource's (the server builds them, or resets their metadata), not a Namespace's own (its
 * namespace is its object), not a kind whose metadata must be empty (the authorization reviews).
 */
const carriesLabel = (q: Query, r: Realisable) =>
  (q.request.subResource ?? "") === "" && !isNamespaceResource(q.request) && r.emptyMetadata !== true;

/**
 * A query to be asked is confined by its label when it is a policy probe, its objects carry the
 * label, the subject never names the label's key (its selectors then decide on the labelled
 * objects as on the case's), and labelling adds no reason not to ask it (`reason(true)`: a
 * condition reading the objects' labels sees the probe's, batch/whyNotAsked.ts).
 */
export function labelConfined(q: Query, r: Realisable, reason: (labelled: boolean) => string | undefined): boolean {
  return (
    policyKinds.has(q.subject.kind) &&
    carriesLabel(q, r) &&
    !JSON.stringify(q.subject).includes(probeLabel) &&
    reason(true) === undefined
  );
}
