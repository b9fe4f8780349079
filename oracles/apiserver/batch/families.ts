// Queries of a batch that share their subject and cluster share one probe. A policy probe is a
// policy and a binding, two writes and two deletions, and every live probe is one more object the
// admission plugins look at for every request; the queries of a corpus case (about 2.7 tests a
// case) and of a generated family ask one subject about several requests. Each request is still
// sent on its own and read from its own reply: a reply carries only the warnings of the probes
// whose confinement its tag passes (subject/confinement.ts), and a family's members carry one tag,
// the first member's, which no other probe accepts.
//
// Only what cannot change a verdict is shared: the probe, and the namespaces a family's queries
// are renamed into (familyRenames: one id for the family), where each stores its own object, never
// one another's (two that name the same object are renamed apart). Admission reads of a namespace
// its labels, and of the stored objects the request's own only. A query that carries params (its
// objects are labelled with its own tag), is of a Namespace (its namespace is its object) or is a
// webhook (the receiver tells a review's failures apart by the tag, probe/receiverFailures.ts)
// keeps its own probe.
import { carriesParams } from "../../contract/features.ts";
import type { Query } from "../../contract/query.ts";
import { webhookTag } from "../probe/names.ts";
import { oldName } from "../request/body.ts";
import { sentUser } from "../request/impersonatedUser.ts";
import { isNamespaceResource } from "../request/rename.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";

/** The subject kinds whose probes are shared: policies, read from the reply alone. */
const sharedKinds: ReadonlySet<string> = new Set([
  "ValidatingAdmissionPolicy",
  "MatchResources",
  "MutatingAdmissionPolicy",
]);

/**
 * A mutating policy's probe for a DELETE is another probe (subject/mutatingProbe.ts: a condition
 * that errs on its own request), so it is a family of its own.
 */
const mutatingDelete = (q: Query) => q.subject.kind === "MutatingAdmissionPolicy" && q.request.operation === "DELETE";

/** A query as asked (before renaming) that may share: a policy kind, no params, not of a Namespace. */
const mayShareQuery = (q: Query) =>
  sharedKinds.has(q.subject.kind) && !carriesParams(q) && !isNamespaceResource(q.request);

/** Whether w may share a probe: to be probed, and of a kind and request that may. */
export function mayShare(w: Work): boolean {
  return w.state === "probe" && mayShareQuery(w.query) && w.params === undefined && w.probeOf === undefined;
}

/** A query's family as asked (before renaming): the batcher takes a family's queries into one batch. */
export function queryFamily(q: Query): string {
  return JSON.stringify([q.kubernetesVersion, q.subject, q.cluster, mutatingDelete(q)]);
}

/**
 * What decides a probe and what its request finds: the subject and the cluster as renamed (the
 * run's shared namespaces are named after their name and labels, a query's own after the id it is
 * renamed with, familyRenames), the minor, and whether it is a mutating policy's DELETE probe.
 */
export function familyKey(w: Work): string {
  return queryFamily(w.query);
}

/**
 * The object a query's request names or stores, by resource (the plural alone: equivalent
 * resources of other groups share their storage), namespace and name; none for a generateName create.
 */
function objectKey(q: Query): string | undefined {
  const r = q.request;
  const name = (r.name ?? "") !== "" ? r.name : r.operation === "DELETE" ? oldName(r) : "";
  return name === "" ? undefined : JSON.stringify([r.resource.resource, r.namespace ?? "", name]);
}

/**
 * The id each query is renamed with (request/rename.ts: the prefix of its own namespaces and of
 * the names of cluster-scoped objects): a family's queries as one, so that they find one set of
 * namespaces and stored objects and share a probe, except that a query storing an object and
 * another naming the same object never share (their stored objects would be one; subresources
 * count as storing their parent); such a query goes with the next group of
 * its family, or starts one. Queries that may not share keep their own id.
 */
export function familyRenames(queries: readonly Query[], ids: readonly string[]): string[] {
  const groups = new Map<string, Array<{ id: string; objects: Map<string, boolean> }>>();
  return queries.map((q, i) => {
    const own = ids[i] as string;
    if (!mayShareQuery(q)) return own;
    const family = queryFamily(q);
    const gs = groups.get(family) ?? [];
    groups.set(family, gs);
    const key = objectKey(q);
    const stores = q.request.operation !== "CREATE" || (q.request.subResource ?? "") !== "";
    // Two dry-run creates of one name never meet; a stored object and anything naming it would.
    const fits = (g: { objects: Map<string, boolean> }) =>
      key === undefined || !g.objects.has(key) || (!stores && g.objects.get(key) === false);
    const g = gs.find(fits) ?? { id: own, objects: new Map<string, boolean>() };
    if (!gs.includes(g)) gs.push(g);
    if (key !== undefined) g.objects.set(key, stores || g.objects.get(key) === true);
    return g.id;
  });
}

/**
 * The works, each family of two or more (one key) read against one probe: a work of its own (the
 * first member's names and query), made once, whose state says whether it was made; every member
 * is sent with its tag. In the same order; a work that may not share is kept as it is. The shared
 * probe selects the family's label only if every member's objects carry it (batch/labelConfined.ts);
 * otherwise no member's do, and the condition alone confines the probe: one probe either way.
 */
export function shareProbes(work: readonly Work[]): Work[] {
  const families = new Map<string, Work[]>();
  for (const w of work) {
    if (!mayShare(w)) continue;
    const key = familyKey(w);
    const f = families.get(key);
    if (f === undefined) families.set(key, [w]);
    else f.push(w);
  }
  const probeOf = new Map<Work, Work>();
  for (const f of families.values()) {
    const first = f[0] as Work;
    if (f.length < 2) continue;
    const probe: Work = { ...first, state: "probe", labelled: f.every((w) => w.labelled === true) };
    for (const w of f) probeOf.set(w, probe);
  }
  return work.map((w) => {
    const probe = probeOf.get(w);
    if (probe === undefined) return w;
    return {
      ...w,
      names: probe.names,
      user: sentUser(w.query.request.userInfo, webhookTag(probe.names)),
      labelled: probe.labelled === true,
      probeOf: probe,
    };
  });
}

/** The shared probes to make, one per family. */
export function familyProbes(work: readonly Work[]): Work[] {
  return [...new Set(work.flatMap((w) => (w.probeOf === undefined ? [] : [w.probeOf])))];
}

/**
 * A member whose family's probe was not made (its subject invalid, or creating it failed) is
 * answered as the probe was when it is the subject's 422 (the same subject: the same answer),
 * skipped otherwise: without the probe its request would read as no match.
 */
export function followProbes(work: readonly Work[]): void {
  for (const w of work) {
    const probe = w.probeOf;
    if (probe === undefined || w.state !== "probe" || probe.state === "probe") continue;
    w.state = "done";
    const a = probe.answer;
    w.answer =
      a.answer === "outcome" && a.outcome.outcome === "invalid"
        ? a
        : skipped(
            `the probe shared with other queries of its subject and cluster was not made: ${a.answer === "outcome" ? a.outcome.outcome : a.message}`,
          );
  }
}
