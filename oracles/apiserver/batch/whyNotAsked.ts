// What the server cannot be asked of a realisable query, with the reason: the first that applies.
// Each reason is a behaviour of the real server, or of the probe, that a case cannot impose.
import { carriesMatchConditions } from "../../contract/features.ts";
import type { AdmissionRequest } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import type { Minor } from "../../contract/versions.ts";
import { toAttributes } from "../../model/attributes.ts";
import { builtinEquivalents } from "../../model/equivalents.ts";
import { isAuthReview, isPolicyConfigurationResource } from "../../model/exemptions.ts";
import { probeLabel } from "../probe/names.ts";
import { oldName } from "../request/body.ts";
import { clusterScopedNamespaces, selectsNamespaces } from "../request/emptyNamespaceLookup.ts";
import type { SentUser } from "../request/impersonatedUser.ts";
import type { Realisable } from "../request/realisation.ts";
import { isNamespaceResource } from "../request/rename.ts";
import type { SeenOtherwise } from "../request/seenOtherwise.ts";
import { conditionSeesOtherwise, seenOtherwise } from "../request/seenOtherwise.ts";
import { deleteConditionName } from "../subject/mutatingProbe.ts";
import { storedAsOld, updateWithoutName } from "./notReproducible.ts";

export interface Asked {
  /** The query as the case states it. */
  readonly q0: Query;
  /** In its CRD group, if custom. */
  readonly q: Query;
  /** Renamed into its own namespaces. */
  readonly renamed: Query;
  readonly r: Realisable;
  readonly user: SentUser;
  /** Its objects carry the probe's label (Work.labelled). */
  readonly labelled: boolean;
}

/** The reason the server cannot be asked, if one applies. */
export function whyNotAsked(a: Asked, minor: Minor): string | undefined {
  const { q0, q, renamed, r, user, labelled } = a;
  const req = q.request;
  const isNs = isNamespaceResource(req);
  // A custom resource is realised as a CRD in a group of the query's own (request/customResources.ts).
  const custom = req.resource.group !== q0.request.resource.group;
  // What the server cannot be asked, with the reason: the first that applies.
  const cannot: readonly (readonly [boolean, string])[] = [
    [
      r.namespaced && !(req.namespace && q.cluster.namespaces?.[req.namespace] !== undefined),
      `the namespace "${req.namespace}" does not exist: the real server's NamespaceLifecycle admission rejects the request with 404 before any policy runs`,
    ],
    ...conditionsCannot(q0, renamed, r, user, labelled),
    [
      "binding" in q.subject && q.subject.binding !== undefined && "policyName" in q.subject.binding,
      "the probe binding names the probe's own policy, so the subject's policyName is put to the server's validation only (a dry run), not matched",
    ],
    [
      "binding" in q.subject && q.subject.binding?.validationActions !== undefined,
      "the probe binding's validationActions are always [Warn], so the subject's own cannot be put to the server",
    ],
    [
      q.subject.kind === "MatchResources" &&
        req.operation === "CREATE" &&
        (req.name ?? "") === "" &&
        (isNs || JSON.stringify(q.subject).includes('"resourceNames"')),
      "a bare MatchResources takes a generateName create's name as given (\"\"), but the server realises it as a validating policy, which sees the generated name (in resourceNames, and in a Namespace's name label)",
    ],
    [
      q.subject.kind === "MatchResources" &&
        (isAuthReview(toAttributes(req)) || isPolicyConfigurationResource(toAttributes(req))),
      "a bare MatchResources has no exemptions, but the validating policy it is realised as is exempt from the auth reviews and the policy resources",
    ],
    [
      r.emptyMetadata === true && Object.keys(objectLabels(req.object)).length > 0,
      `a ${r.kind} takes no metadata, so the case's object labels cannot be sent`,
    ],
    [
      isNs && req.operation !== "CREATE" && !storedAsOld(q),
      `the cluster's namespace "${req.name}" is not the request's old object (missing, or with other labels): the server stores one namespace, the old object`,
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" &&
        q.subject.policy.failurePolicy === "Ignore" &&
        builtinEquivalents(req.resource, req.subResource ?? "", minor).length > 1,
      "the server fails to apply a mutating policy's mutation to a built-in equivalent of another version or group (it cannot convert the object back); under failurePolicy Ignore that failure hides the match",
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" &&
        req.operation === "DELETE" &&
        ((q.subject.policy.matchConditions ?? []).length >= 64 ||
          (q.subject.policy.matchConditions ?? []).some((c) => c.name === deleteConditionName)),
      `a MutatingAdmissionPolicy's DELETE probe adds the condition ${deleteConditionName}, which this subject's conditions leave no room for (64 at most, names unique)`,
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" && (req.subResource ?? "") !== "",
      "the probe reads a MutatingAdmissionPolicy's decision from the object returned, which a subresource request does not return as mutated",
    ],
    [req.operation === "UPDATE" && (req.name ?? "") === "", updateWithoutName],
    [
      "webhook" in q.subject &&
        req.operation === "DELETE" &&
        (req.name ?? "") === "" &&
        clusterScopedNamespaces(req, r.namespaced) &&
        selectsNamespaces(q.subject),
      "a webhook's namespaceSelector on a deletecollection's item of a cluster-scoped custom resource named namespaces looks up the namespace \"\" (k8s.io/apiserver predicates/namespace/matcher.go) and fails the request with a 500 that names no webhook (\"resource name may not be empty\"): the probe cannot tell its own webhook's failure from another's",
    ],
    [
      q.subject.kind === "MatchResources" &&
        req.operation === "DELETE" &&
        (req.name ?? "") === "" &&
        clusterScopedNamespaces(req, r.namespaced) &&
        selectsNamespaces(q.subject),
      "a bare MatchResources's namespaceSelector on a deletecollection's item of a cluster-scoped custom resource named namespaces looks up the namespace \"\" and fails (k8s.io/apiserver predicates/namespace/matcher.go, a 500), but the validating policy it is realised as fails with its binding's denial (422, \"failed to configure binding\"): the matcher's own failure cannot be put to the server",
    ],
    [
      req.operation === "DELETE" && (req.name ?? "") === "" && !((r.namespaced || custom) && oldName(req) !== ""),
      "a DELETE without a name is realised as a deletecollection of the one stored object, in a namespace or a CRD group of its own: a built-in cluster-scoped one, or one whose old object has no name, is not",
    ],
  ];
  return cannot.find(([applies]) => applies)?.[1];
}

/** What of a query's matchConditions cannot be put to the server, with the reason. */
function conditionsCannot(
  q0: Query,
  renamed: Query,
  r: Realisable,
  user: SentUser,
  labelled: boolean,
): (readonly [boolean, string])[] {
  if (!carriesMatchConditions(q0.subject)) return [];
  const s = q0.subject;
  const conditions = ("policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : []) ?? [];
  const extra: SeenOtherwise[] = [...user.differs];
  // A labelled probe's objects carry its label (subject/confinement.ts labelledOnly).
  if (labelled)
    for (const root of ["object", "oldObject"])
      extra.push({ path: [root, "metadata", "labels", probeLabel], why: "a params probe's objects carry its label" });
  if (renamed.request.resource.group !== q0.request.resource.group) {
    const why = "a custom group is realised as a CRD group of the query's own";
    for (const p of ["kind", "resource", "requestKind", "requestResource"])
      extra.push({ path: ["request", p, "group"], why });
    for (const root of ["object", "oldObject"]) extra.push({ path: [root, "apiVersion"], why });
  }
  const why = conditionSeesOtherwise(conditions, seenOtherwise(q0, renamed, r, extra));
  return [[why !== undefined, why ?? ""]];
}

function objectLabels(o: AdmissionRequest["object"]): Record<string, string> {
  return ((o?.metadata ?? {}) as { labels?: Record<string, string> }).labels ?? {};
}
