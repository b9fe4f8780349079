// Causes seen only on inputs no real cluster produces (a kindless equivalent, a request in a
// namespace that does not exist, whatever else the apiserver oracle calls not reproducible): when an
// implementation is tested on them on purpose (the corpus's cases of them, the generators' edges)
// they are reported in a section of their own, never counted or ranked as causes, and fail the run
// only when asked (the run option failOnUnrealInputs). A cause lands here only when none of its reduced
// examples is reproducible: the merge shows a reproducible one whenever there is one (realism.ts).
import type { Bucket } from "../../reports/runReport.ts";
import { whyUnreal } from "./realism.ts";
import type { TriageContext } from "./triageContext.ts";

export function splitUnreal(
  ctx: Pick<TriageContext, "model">,
  buckets: readonly Bucket[],
): { causes: Bucket[]; unreal: Bucket[] } {
  const causes: Bucket[] = [];
  const unreal: Bucket[] = [];
  for (const b of buckets) {
    const why = whyUnreal(ctx, b.example.query);
    if (why === undefined) causes.push(b);
    else unreal.push({ ...b, notReproducible: why });
  }
  return { causes, unreal };
}
