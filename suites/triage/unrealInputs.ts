// Causes seen only on inputs no real cluster produces: when an implementation is tested on them on
// purpose (the corpus's cases of them, the generators' edges) they are reported in a section of
// their own, never counted or ranked as causes, and fail the run only when asked (--fail-on-unreal-inputs). A cause lands here only when none of its reduced examples is reproducible
// (the merge shows a reproducible one whenever there is one, realism.ts) and the input itself is
// what no cluster sends: the apiserver oracle also calls queries not reproducible that a real
// cluster does send but it cannot observe (a MutatingAdmissionPolicy's DELETE, a bare
// MatchResources on a generateName create); those stay causes, with the oracle's reason beside them.
import type { Query } from "../../oracles/contract/query.ts";
import type { Bucket } from "../../reports/runReport.ts";
import { whyUnreal } from "./realism.ts";
import type { TriageContext } from "./triageContext.ts";

/**
 * Is the input one no real cluster sends to admission? An equivalent resource without a kind (a real
 * server registers a kind with every version it serves), or a namespaced request in a namespace that
 * does not exist (the real server's NamespaceLifecycle refuses it with 404 before any policy or
 * webhook is asked).
 */
export function isUnrealInput(q: Query): boolean {
  const kindless = (q.cluster.equivalentResources ?? []).some((e) => e.kind.kind === "");
  const r = q.request;
  const ns = r.namespace ?? "";
  const namespaceObject = r.resource.group === "" && r.resource.resource === "namespaces";
  const missing = ns !== "" && !namespaceObject && q.cluster.namespaces?.[ns] === undefined;
  return kindless || missing;
}

export function splitUnreal(
  ctx: Pick<TriageContext, "model">,
  buckets: readonly Bucket[],
): { causes: Bucket[]; unreal: Bucket[] } {
  const causes: Bucket[] = [];
  const unreal: Bucket[] = [];
  for (const b of buckets) {
    const why = whyUnreal(ctx, b.example.query);
    if (why !== undefined && isUnrealInput(b.example.query)) unreal.push({ ...b, notReproducible: why });
    else causes.push(why === undefined ? b : { ...b, notReproducible: why });
  }
  return { causes, unreal };
}
