// What of a query the server can be asked, and how: the query renamed into its own namespaces
// (and CRD group), what must be realised for it, or the reason it cannot be asked (the first that
// applies), and the object to send.
import { carriesMatchConditions, carriesParams } from "../../contract/capabilities.ts";
import type { AdmissionRequest, EquivalentResource } from "../../contract/kube.ts";
import type { SubjectKind } from "../../contract/subject.ts";
import type { Query } from "../../invariants/invariant.ts";
import { toAttributes } from "../../model/attributes.ts";
import { builtinEquivalents } from "../../model/equivalents.ts";
import { isAuthReview, isPolicyConfigurationResource } from "../../model/exemptions.ts";
import type { Minor } from "../../model/versions.ts";
import type { ProbeNames } from "../probe/names.ts";
import { probeLabel, webhookTag } from "../probe/names.ts";
import { oldName, withoutNameLabel } from "../request/body.ts";
import { customResourceFor } from "../request/customResources.ts";
import type { SentUser } from "../request/impersonatedUser.ts";
import { sentUser } from "../request/impersonatedUser.ts";
import { realiseParams } from "../request/paramObjects.ts";
import { isNamespaceResource, renameQuery } from "../request/rename.ts";
import type { Realisable } from "../request/resources.ts";
import { realisable } from "../request/resources.ts";
import type { SeenOtherwise } from "../request/seenOtherwise.ts";
import { conditionSeesOtherwise, seenOtherwise } from "../request/seenOtherwise.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";

export function prepare(q0: Query, names: ProbeNames, minor: Minor, subjects: readonly SubjectKind[]): Work {
  const base: Pick<Work, "names" | "answer" | "renamed" | "user"> = {
    names,
    user: sentUser(q0.request.userInfo, webhookTag(names)),
    answer: skipped("not probed"),
    renamed: { namespaces: new Map(), names: new Map() },
  };
  const done = (why: string): Work => ({
    ...base,
    query: q0,
    r: undefined as never,
    state: "done",
    answer: skipped(why),
  });
  if (!subjects.includes(q0.subject.kind)) return done(`${q0.subject.kind} is not realised`);
  const custom = customResourceFor(q0, names.runId);
  if (custom !== undefined && !custom.ok) return done(custom.why);
  const stated = q0.cluster.equivalentResources;
  if (
    custom === undefined &&
    stated !== undefined &&
    !sameRegistry(stated, builtinEquivalents(q0.request.resource, q0.request.subResource ?? "", minor))
  )
    return done(
      `the case states equivalentResources for built-in ${q0.request.resource.group}/${q0.request.resource.resource} other than the server's own registry of ${minor}, which cannot be imposed`,
    );
  const q = custom?.query ?? q0;
  const real: ReturnType<typeof realisable> = custom ? { ok: true, r: custom.r } : realisable(q.request);
  const unique = renameQuery(q, `mc-${names.runId}-${names.id}`, real.ok && !real.r.namespaced);
  const renamed = unique.query;
  const params = carriesParams(q0) ? realiseParams(q0, unique.namespaces, names.runId) : undefined;
  if (params !== undefined && !params.ok) return done(params.why);
  // A params probe is confined by its label on the objects (subject/confinement.ts labelledOnly).
  if (params !== undefined && ((q.request.subResource ?? "") !== "" || isNamespaceResource(q.request)))
    return done(
      "a params probe is confined by a label on the request's objects, which a subresource's objects and a namespace's own labels do not carry as the case states them",
    );
  if (!real.ok)
    return {
      ...base,
      renamed: unique,
      query: renamed,
      ...(params?.ok && { params: params.p }),
      r: undefined as never,
      state: "invalid?",
      answer: skipped(real.why),
    };
  const req = q.request;
  const isNs = isNamespaceResource(req);
  // What the server cannot be asked, with the reason: the first that applies.
  const cannot: readonly (readonly [boolean, string])[] = [
    [
      real.r.namespaced && !(req.namespace && q.cluster.namespaces?.[req.namespace] !== undefined),
      `the namespace "${req.namespace}" does not exist: the real server's NamespaceLifecycle admission rejects the request with 404 before any policy runs`,
    ],
    ...conditionsCannot(q0, renamed, real.r, base.user, params !== undefined),
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
      real.r.emptyMetadata === true && Object.keys(objectLabels(req.object)).length > 0,
      `a ${real.r.kind} takes no metadata, so the case's object labels cannot be sent`,
    ],
    [
      isNs && req.operation !== "CREATE" && !sameLabels(q.cluster.namespaces?.[req.name ?? ""], req.oldObject),
      `the cluster's namespace "${req.name}" is not the request's old object (missing, or with other labels): the server stores one namespace, the old object`,
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" &&
        q.subject.policy.failurePolicy === "Ignore" &&
        builtinEquivalents(req.resource, req.subResource ?? "", minor).length > 1,
      "the server fails to apply a mutating policy's mutation to a built-in equivalent of another version or group (it cannot convert the object back); under failurePolicy Ignore that failure hides the match",
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" && req.operation === "DELETE",
      "a MutatingAdmissionPolicy never handles DELETE, and the probe reads its decision from the object it returns, which a DELETE has not",
    ],
    [
      q.subject.kind === "MutatingAdmissionPolicy" && (req.subResource ?? "") !== "",
      "the probe reads a MutatingAdmissionPolicy's decision from the object returned, which a subresource request does not return as mutated",
    ],
    [
      req.operation === "UPDATE" && (req.name ?? "") === "",
      "an UPDATE without a name has no realisation: only a deletecollection's items are admitted without one",
    ],
    [
      req.operation === "DELETE" && (req.name ?? "") === "" && !(real.r.namespaced && oldName(req) !== ""),
      "a DELETE without a name is realised as a deletecollection of the one stored object, in a namespace of its own: a cluster-scoped one, or one whose old object has no name, is not",
    ],
  ];
  const reason = cannot.find(([applies]) => applies)?.[1];
  const crd = custom?.crd;
  const made = {
    ...base,
    renamed: unique,
    query: renamed,
    r: real.r,
    ...(crd && { crd }),
    ...(params?.ok && { params: params.p }),
  };
  if (reason !== undefined) return { ...made, state: "invalid?", answer: skipped(reason) };
  return { ...made, state: "probe" };
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
  // A params probe's objects carry its label (subject/confinement.ts labelledOnly).
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

/** The stored namespace's labels are the old object's (the name label aside). */
function sameLabels(stored: Readonly<Record<string, string>> | undefined, old: AdmissionRequest["oldObject"]): boolean {
  if (stored === undefined) return false;
  const oldLabels = ((old?.metadata ?? {}) as { labels?: Record<string, string> }).labels ?? {};
  const norm = (l: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(withoutNameLabel(l)).sort());
  return norm(stored) === norm(oldLabels);
}

/** The same registry answer: the same resources and kinds in the same order. */
function sameRegistry(a: readonly EquivalentResource[], b: readonly EquivalentResource[]): boolean {
  return JSON.stringify(a.map((e) => [e.resource, e.kind])) === JSON.stringify(b.map((e) => [e.resource, e.kind]));
}
