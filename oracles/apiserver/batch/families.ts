// Queries of a batch that share their subject and cluster share one probe. A policy probe is a
// policy and a binding, two writes and two deletions, and every live probe is one more object the
// admission plugins look at for every request; the queries of a corpus case (about 2.7 tests a
// case) and of a generated family ask one subject about several requests. Each request is still
// sent on its own and read from its own reply: a reply carries only the warnings of the probes
// whose confinement its tag passes (subject/confinement.ts), and a family's members carry one tag,
// the first member's, which no other probe accepts.
//
// Only what cannot change a verdict is shared: the probe, and namespaces the run already shares
// between queries that store nothing (request/rename.ts sharedNamespacePrefix). A query that
// stores an object, carries params (its objects are labelled with its own tag), is of a Namespace
// or is a webhook (the receiver tells a review's failures apart by the tag, probe/receiverFailures.ts)
// keeps its own probe.
import type { Query } from "../../contract/query.ts";
import { webhookTag } from "../probe/names.ts";
import { sentUser } from "../request/impersonatedUser.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";

/** The subject kinds whose probes are shared: policies, read from the reply alone. */
const sharedKinds: ReadonlySet<string> = new Set([
  "ValidatingAdmissionPolicy",
  "MatchResources",
  "MutatingAdmissionPolicy",
]);

/** Whether w may share a probe: to be probed, a policy kind, no params, nothing of its own stored, namespaces shared. */
export function mayShare(w: Work): boolean {
  return (
    w.state === "probe" &&
    sharedKinds.has(w.query.subject.kind) &&
    w.params === undefined &&
    w.sharedNamespaces === true &&
    w.probeOf === undefined
  );
}

/**
 * What decides a probe and what its request finds: the subject and the cluster as renamed (the
 * cluster's namespaces are the run's shared ones, named after their name and labels), the minor.
 */
export function familyKey(w: Work): string {
  const q = w.query;
  return JSON.stringify([q.kubernetesVersion, q.subject, q.cluster]);
}

/** A query's family as asked (before renaming): the batcher takes a family's queries into one batch. */
export function queryFamily(q: Query): string {
  return JSON.stringify([q.kubernetesVersion, q.subject, q.cluster]);
}

/**
 * The works with each family's members (all but the first of a key) read against the first's
 * probe: the first's names, and sent with its tag. In the same order; a work that may not share
 * is kept as it is.
 */
export function shareProbes(work: readonly Work[]): Work[] {
  const first = new Map<string, Work>();
  return work.map((w) => {
    if (!mayShare(w)) return w;
    const key = familyKey(w);
    const leader = first.get(key);
    if (leader === undefined) {
      first.set(key, w);
      return w;
    }
    return {
      ...w,
      names: leader.names,
      user: sentUser(w.query.request.userInfo, webhookTag(leader.names)),
      probeOf: leader,
    };
  });
}

/**
 * A member whose first's probe was not made (its subject invalid, or the first's set-up or probe
 * failed) is answered as the first was when it is the subject's 422 (the same subject: the same
 * answer), skipped otherwise: without the probe its request would read as no match.
 */
export function followFirsts(work: readonly Work[]): void {
  for (const w of work) {
    const leader = w.probeOf;
    if (leader === undefined || w.state !== "probe" || leader.state === "probe") continue;
    w.state = "done";
    const a = leader.answer;
    w.answer =
      a.answer === "outcome" && a.outcome.outcome === "invalid"
        ? a
        : skipped(
            `the probe shared with another query of its subject and cluster was not made: ${a.answer === "outcome" ? a.outcome.outcome : a.message}`,
          );
  }
}
