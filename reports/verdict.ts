// The one-line verdict every format leads with: the causes of divergence, none, or — when the run
// decided nothing at all (an implementation that never started, or a claim nothing could be asked
// within) — that nothing was tested, never "no divergence".
import type { RunReport } from "./runReport.ts";

export type Verdict =
  | { readonly kind: "causes"; readonly text: string }
  | { readonly kind: "noDivergence"; readonly text: string }
  | { readonly kind: "nothingTested"; readonly text: string };

export function verdict(r: RunReport): Verdict {
  const open = r.buckets.filter((b) => !b.expectedFailure).length;
  if (open > 0) return { kind: "causes", text: `${open} cause${open === 1 ? "" : "s"} of divergence` };
  if (decided(r) === 0)
    return {
      kind: "nothingTested",
      text: `Nothing was tested${r.header.partial ? `: ${r.header.partial}` : ""}`,
    };
  return { kind: "noDivergence", text: "No divergence" };
}

/** Decisions compared: corpus tests and generated scenarios judged, invariant checks made. */
function decided(r: RunReport): number {
  const f = r.footer;
  return (
    f.corpus.passed +
    f.corpus.failed +
    f.generated.agreed +
    f.generated.diverged +
    f.invariants.reduce((n, i) => n + i.checked, 0)
  );
}

/** "Kubernetes 1.36, 1.37", or "no Kubernetes version" when the run never chose one. */
export function versionsText(r: RunReport): string {
  const v = r.header.kubernetesVersions;
  return v.length === 0 ? "no Kubernetes version" : `Kubernetes ${v.join(", ")}`;
}
