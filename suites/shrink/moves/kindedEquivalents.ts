// A kindless equivalent resource, whose error is a side condition, repaired.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";

/** A kindless equivalent given the request's kind name: the error it causes is a side condition. */
export function kindedEquivalents(q: Query): Move[] {
  const equivalents = q.cluster.equivalentResources ?? [];
  return equivalents.flatMap((e, i) => {
    if (e.kind.kind !== "") return [];
    const kind = { group: e.resource.group, version: e.resource.version, kind: q.request.kind.kind };
    const equivalentResources = equivalents.map((x, j) => (j === i ? { ...x, kind } : x));
    return [
      {
        what: `equivalent ${i} with its kind`,
        query: { ...q, cluster: { ...q.cluster, equivalentResources } },
        repairs: true,
      },
    ];
  });
}
