// `matchconform bundles check <report, bundles or bundle folder> (--local | --kubeconfig <file> …)`:
// puts each bundle's case to a real kube-apiserver through the apiserver oracle, with verify's
// safety rules (known clusters only, Warn-only probes confined to the suite's users, dry-run,
// everything removed), and says per bundle whether the server decides as the case expects.
// Exit 0: every bundle the server could be asked reproduced; 1: one differs; 2: bad input, no
// bundle, or the server gave no usable answer to one.
import { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { formatAnswer, formatExpected } from "../reports/answerText.ts";
import { terminal } from "../reports/escape.ts";
import type { BundleVerdict } from "../suites/bundles/checkBundles.ts";
import { checkBundles, findBundles } from "../suites/bundles/checkBundles.ts";
import type { ClusterFlags } from "./serverSession.ts";
import { openServerSession } from "./serverSession.ts";
import { UsageError } from "./usageError.ts";

export interface BundlesArgs extends ClusterFlags {
  readonly action: string | undefined;
  readonly paths: readonly string[];
  readonly webhookHost?: string | undefined;
  readonly webhookListen?: string | undefined;
}

export async function bundles(
  a: BundlesArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (a.action !== "check")
    throw new UsageError(`bundles takes "check", not ${a.action ? `"${a.action}"` : "nothing"}`);
  if (a.paths.length === 0) throw new UsageError("bundles check needs a report folder, a bundles folder or a bundle");
  if (Boolean(a.local) === (a.kubeconfig !== undefined))
    throw new UsageError("bundles check takes --local or --kubeconfig <file>");
  const version = a.kubernetesVersion ?? latestMinor;
  if (!isMinor(version))
    throw new UsageError(`--kubernetes-version ${version} is not one of ${supportedMinors.join(", ")}`);
  const dirs = a.paths.flatMap(findBundles);
  if (dirs.length === 0) throw new UsageError(`no bundle (a folder with case.yaml) under ${a.paths.join(", ")}`);
  const s = await openServerSession({
    cluster: a,
    version,
    matcher: {
      ...(a.webhookHost !== undefined && { webhookHost: a.webhookHost }),
      ...(a.webhookListen !== undefined && { webhookListen: a.webhookListen }),
    },
    describe: (m) => `bundles check against kube-apiserver ${m.info.version} (run ${m.runId})`,
    err,
  });
  try {
    const verdicts = await checkBundles(s.interrupts.guard(s.matcher), dirs, s.minor);
    // Descriptions and paths come from the bundles: nothing of them drives the terminal.
    for (const v of verdicts) out(terminal(bundleLine(v)));
    out(`kube-apiserver ${s.matcher.info.version}: ${closingLine(verdicts)}`);
    if (verdicts.some((v) => v.verdict === "differs")) return 1;
    return verdicts.some((v) => v.verdict === "errored") ? 2 : 0;
  } finally {
    await s.end();
  }
}

export function bundleLine(v: BundleVerdict): string {
  switch (v.verdict) {
    case "reproduced":
      return `reproduced        ${v.bundle}`;
    case "not reproducible":
      return `not reproducible  ${v.bundle}\n  why: ${v.why}`;
    case "errored":
      return `errored           ${v.bundle}\n  ${v.why}`;
    case "differs":
      return [
        `differs           ${v.bundle}`,
        ...v.tests.flatMap((t) => [
          `  test:     ${t.description}`,
          `  expected: ${formatExpected(t.expected)}`,
          `  server:   ${formatAnswer(t.answer)}`,
        ]),
      ].join("\n");
  }
}

export function closingLine(verdicts: readonly BundleVerdict[]): string {
  const n = (k: BundleVerdict["verdict"]) => verdicts.filter((v) => v.verdict === k).length;
  const reproducible = verdicts.length - n("not reproducible");
  return `${verdicts.length} bundles, ${reproducible} reproducible: ${n("reproduced")} reproduced, ${n("differs")} differ, ${n("errored")} errored; ${n("not reproducible")} not reproducible`;
}
