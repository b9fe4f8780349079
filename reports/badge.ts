// A shields.io endpoint badge: the share of decisions that agree with kube-apiserver.
import type { RunReport } from "./runReport.ts";

export function badge(r: RunReport): { schemaVersion: 1; label: string; message: string; color: string } {
  const f = r.footer;
  const passed = f.corpus.passed + f.generated.agreed;
  const total = passed + f.corpus.failed + f.generated.diverged;
  const rate = total === 0 ? 0 : passed / total;
  const color = rate === 1 ? "brightgreen" : rate >= 0.99 ? "green" : rate >= 0.9 ? "yellow" : "red";
  return {
    schemaVersion: 1,
    label: "admission matching",
    message: `${(100 * rate).toFixed(rate === 1 ? 0 : 1)}%`,
    color,
  };
}
