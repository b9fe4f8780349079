// A shields.io endpoint badge, stable across seeds as Bowtie's X/Y is: the corpus tests passed of
// those decided (the same tests whatever the seed) and the number of causes (what a seed finds of a
// bug is many samples, but one cause). A share of random samples moved with the seed and the number
// of scenarios. Green only when the run did what it promised (reports/verdict.ts); an incomplete or
// empty run is grey.
import type { RunReport } from "./runReport.ts";
import { verdict } from "./verdict.ts";

export interface Badge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: string;
}

/** "corpus 771/778 · 2 causes", "corpus 778/778 · 0 causes", "corpus 770/778 · 3 causes (2 known)" */
export function badgeText(r: RunReport): string {
  const { passed, failed } = r.footer.corpus;
  const causes = r.buckets.length;
  const known = r.buckets.filter((b) => b.expectedFailure).length;
  return `corpus ${passed}/${passed + failed} · ${causes} cause${causes === 1 ? "" : "s"}${known > 0 ? ` (${known} known)` : ""}`;
}

export function badge(r: RunReport): Badge {
  const label = "admission matching";
  const text = badgeText(r);
  const v = verdict(r);
  switch (v.kind) {
    case "nothingTested":
      return { schemaVersion: 1, label, message: "not tested", color: "lightgrey" };
    case "incomplete":
      return { schemaVersion: 1, label, message: `incomplete, ${text}`, color: "lightgrey" };
    case "inconsistent":
      return {
        schemaVersion: 1,
        label,
        message: serverFault(r) ? "unreliable server" : "inconsistent answers",
        color: serverFault(r) ? "lightgrey" : "red",
      };
    case "causes":
      return { schemaVersion: 1, label, message: text, color: "red" };
    case "noDivergence":
      // Only expected failures left: known bugs, not a clean pass.
      return { schemaVersion: 1, label, message: text, color: r.buckets.length === 0 ? "brightgreen" : "yellow" };
  }
}

/** The real server (verify) answered a query two ways: the infrastructure's fault, not a failing verdict. */
function serverFault(r: RunReport): boolean {
  const c = r.footer.completion;
  return c?.status === "incomplete" && c.cause === "unreliableServer";
}
