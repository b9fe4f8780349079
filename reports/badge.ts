// A shields.io endpoint badge: the share of decisions that agree with kube-apiserver, green only
// when the run did what it promised (reports/verdict.ts); an incomplete or empty run is grey.
import type { RunReport } from "./runReport.ts";
import { verdict } from "./verdict.ts";

export function badge(r: RunReport): { schemaVersion: 1; label: string; message: string; color: string } {
  const f = r.footer;
  const passed = f.corpus.passed + f.generated.agreed;
  const total = passed + f.corpus.failed + f.generated.diverged;
  const rate = total === 0 ? 0 : passed / total;
  const share = `${(100 * rate).toFixed(rate === 1 ? 0 : 1)}%`;
  const label = "admission matching";
  const v = verdict(r);
  switch (v.kind) {
    case "nothingTested":
      return { schemaVersion: 1, label, message: "not tested", color: "lightgrey" };
    case "incomplete":
      return { schemaVersion: 1, label, message: `incomplete, ${share}`, color: "lightgrey" };
    case "causes":
    case "noDivergence": {
      const color = rate === 1 ? "brightgreen" : rate >= 0.99 ? "green" : rate >= 0.9 ? "yellow" : "red";
      return { schemaVersion: 1, label, message: share, color };
    }
  }
}
