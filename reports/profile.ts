// The claimed profile next to the full one (as Gateway API conformance reports list supported
// features), and the skip reasons of a run, for every report format.
import { resourceTypes } from "../generators/vocabulary.ts";
import type { Capabilities } from "../oracles/contract/capabilities.ts";
import { claimsSubresource } from "../oracles/contract/capabilities.ts";
import type { Feature } from "../oracles/contract/features.ts";
import { featureSummaries, features, operations } from "../oracles/contract/features.ts";
import type { SubjectKind } from "../oracles/contract/subject.ts";
import { subjectKinds } from "../oracles/contract/subject.ts";
import type { PhaseSkips, RunReport, SkipPhase } from "./runReport.ts";

export interface ProfileRow {
  readonly area: "operation" | "subresource" | "feature" | "minors";
  readonly name: string;
  /** What the full profile has. */
  readonly full: string;
  /** What the implementation claims: "supported", "not claimed", or the minors it claims. */
  readonly claimed: string;
  readonly supported: boolean;
  readonly note?: string;
}

/** The subresources the suite draws and its corpus names, each a row of the full profile. */
const knownSubresources = [...new Set(resourceTypes.flatMap((t) => t.subresources.map((s) => s.name)))].sort();

export function profileRows(
  caps: Capabilities,
  minors: readonly string[],
  declared: readonly SubjectKind[] = subjectKinds,
): ProfileRow[] {
  const yes = (supported: boolean) => (supported ? "supported" : "not claimed");
  const row = (area: ProfileRow["area"], name: string, supported: boolean, note?: string): ProfileRow => ({
    area,
    name,
    full: "supported",
    claimed: yes(supported),
    supported,
    ...(note && { note }),
  });
  return [
    ...operations.map((o) => row("operation", o, caps.operations.includes(o))),
    ...knownSubresources.map((s) => row("subresource", s, claimsSubresource(caps, s))),
    ...features.map((f: Feature) => row("feature", f, caps.features[f], featureSummaries[f])),
    ...subjectKinds.map((k) => {
      const claimed = caps.subjectVersions[k];
      if (!declared.includes(k))
        return { area: "minors" as const, name: k, full: minors.join(", "), claimed: "not declared", supported: false };
      return {
        area: "minors" as const,
        name: k,
        full: minors.join(", "),
        claimed: claimed === undefined ? minors.join(", ") : claimed.join(", ") || "none",
        supported: claimed === undefined || minors.every((m) => (claimed as readonly string[]).includes(m)),
      };
    }),
  ];
}

export const phaseNames: Readonly<Record<SkipPhase, string>> = {
  corpus: "corpus",
  generated: "generated scenarios",
  invariants: "invariant checks",
};

function phasesOf(r: RunReport): [SkipPhase, PhaseSkips][] {
  return Object.entries(r.footer.skips) as [SkipPhase, PhaseSkips][];
}

/** "not sent, outside the claimed scope: corpus 246, …", or nothing when everything was sent. */
export function notSentLine(r: RunReport): string[] {
  const counts = phasesOf(r)
    .map(
      ([phase, p]) =>
        [phase, p.reasons.filter((x) => x.by !== "implementation").reduce((n, x) => n + x.count, 0)] as const,
    )
    .filter(([, n]) => n > 0);
  if (counts.length === 0) return [];
  const beyondModel = phasesOf(r).some(([, p]) => p.reasons.some((x) => x.by === "model"));
  const where = beyondModel ? "outside the claimed scope or the reference model" : "outside the claimed scope";
  return [`not sent, ${where}: ${counts.map(([phase, n]) => `${phaseNames[phase]} ${n}`).join(", ")}`];
}

/** A line for the first screen for each phase that skipped more than half of what it had. */
export function skipWarnings(r: RunReport): string[] {
  return phasesOf(r)
    .filter(([, p]) => p.total > 0 && p.skipped * 2 > p.total)
    .map(([phase, p]) => {
      const top = p.reasons[0];
      const pct = Math.round((100 * p.skipped) / p.total);
      return `warning: ${pct}% of the ${phaseNames[phase]} were not decided (${p.skipped} of ${p.total})${top ? `, mostly: ${reasonText(top)} (${top.count})` : ""}`;
    });
}

export function reasonText(reason: PhaseSkips["reasons"][number]): string {
  switch (reason.by) {
    case "implementation":
      return `skipped: ${reason.reason}`;
    case "scope":
      return `outside the claimed scope: ${reason.reason}`;
    case "model":
      return `outside the reference model: ${reason.reason}`;
  }
}

/** Every phase with a reason, and its reasons with counts (an invariant check counts once). */
export function skipSections(r: RunReport): { phase: string; skips: PhaseSkips }[] {
  return phasesOf(r)
    .filter(([, p]) => p.reasons.length > 0)
    .map(([phase, skips]) => ({ phase: phaseNames[phase], skips }));
}
