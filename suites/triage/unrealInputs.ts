// Causes seen only on inputs no real cluster produces: when an implementation is tested on them on
// purpose (the corpus's cases of them, the generators' edges) they are reported in a section of
// their own, never counted or ranked as causes, and fail the run only when asked
// (--fail-on-unreal-inputs). A cause lands here only when none of its reduced examples is
// reproducible (the merge shows a reproducible one whenever there is one, realism.ts) and the
// apiserver oracle's reason is of the kind "unreal-input" (oracles/apiserver/batch/notReproducible.ts):
// the oracle also calls queries not reproducible that a real cluster does send but it cannot observe
// (a MutatingAdmissionPolicy's DELETE, a bare MatchResources on a generateName create); those, of
// the kind "unobservable", stay causes, with the oracle's reason beside them.
import { whyUnrealInput } from "../../oracles/apiserver/batch/notReproducible.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Bucket } from "../../reports/runReport.ts";
import { whyUnreal } from "./realism.ts";
import type { TriageContext } from "./triageContext.ts";

/**
 * Is the input one no real cluster sends to admission? An equivalent resource without a kind, a
 * namespaced request in a namespace that does not exist, … (the oracle's whyUnrealInput).
 */
export function isUnrealInput(q: Query): boolean {
  return whyUnrealInput(q) !== undefined;
}

export function splitUnreal(
  ctx: Pick<TriageContext, "model">,
  buckets: readonly Bucket[],
): { causes: Bucket[]; unreal: Bucket[] } {
  const causes: Bucket[] = [];
  const unreal: Bucket[] = [];
  for (const b of buckets) {
    const not = whyUnreal(ctx, b.example.query);
    if (not === undefined) causes.push(b);
    else {
      const marked = { ...b, notReproducible: not.why, notReproducibleKind: not.kind };
      (not.kind === "unreal-input" ? unreal : causes).push(marked);
    }
  }
  return { causes, unreal };
}
