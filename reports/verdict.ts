// The one-line verdict every format leads with: that the implementation answered one query two ways
// (its divergences then prove nothing); the causes of divergence; none; that the run did
// not do the work it promised (the clock, the implementation, a signal: the report's completion);
// or, when it decided nothing at all, that nothing was tested, never "no divergence".
import type { RunReport, Verdict } from "./runReport.ts";

export type { Verdict } from "./runReport.ts";

export function verdict(r: RunReport): Verdict {
  const open = r.buckets.filter((b) => !b.expectedFailure).length;
  const c = r.footer.completion;
  const why = c?.status === "incomplete" ? c.reason : r.header.partial;
  const twoWays = r.footer.inconsistentAnswers;
  if (twoWays && c?.status === "incomplete" && c.cause === "unreliableServer")
    return {
      kind: "inconsistent",
      text: `The server is unreliable: kube-apiserver answered the same query differently (${twoWays.queries} quer${twoWays.queries === 1 ? "y" : "ies"} answered two ways): the server's or its infrastructure's fault, no verdict of this run holds, ${twoWays.setAside} divergence${twoWays.setAside === 1 ? "" : "s"} set aside`,
    };
  if (twoWays)
    return {
      kind: "inconsistent",
      text: `The implementation answers the same query differently (${twoWays.queries} quer${twoWays.queries === 1 ? "y" : "ies"} answered two ways): no divergence it showed can be trusted, ${twoWays.setAside} cause${twoWays.setAside === 1 ? "" : "s"} set aside`,
    };
  // A run that could not use its implementation exits 2 whatever it found: the verdict says why.
  const unusable = c?.status === "incomplete" && c.cause === "implementation" ? `; then ${c.reason}` : "";
  if (open > 0) return { kind: "causes", text: `${open} cause${open === 1 ? "" : "s"} of divergence${unusable}` };
  if (decided(r) === 0) return { kind: "nothingTested", text: `Nothing was tested${why ? `: ${why}` : ""}` };
  if (c?.status === "incomplete")
    return { kind: "incomplete", text: `Incomplete, no divergence in what was done: ${c.reason}` };
  const unreal = r.unrealInputs?.length ?? 0;
  if (unreal > 0)
    return {
      kind: "noDivergence",
      text: `No divergence on inputs a real cluster produces (${unreal} cause${unreal === 1 ? "" : "s"} on inputs none produces, listed apart)`,
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
