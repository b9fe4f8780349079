// `matchconform bundles check <report, bundles or bundle folder> (--local | --kubeconfig <file> …)`:
// puts each bundle's case to a real kube-apiserver through the apiserver oracle, with verify's
// safety rules (known clusters only, Warn-only probes confined to the suite's users, dry-run,
// everything removed), and says per bundle whether the server decides as the case expects.
// Exit 0: every bundle the server could be asked reproduced; 1: one differs; 2: bad input, no
// bundle, or the server gave no usable answer to one.
import type { ApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { startApiserverMatcher } from "../oracles/apiserver/apiserverMatcher.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { formatAnswer, formatExpected } from "../reports/answerText.ts";
import type { BundleVerdict } from "../suites/bundles/checkBundles.ts";
import { checkBundles, findBundles } from "../suites/bundles/checkBundles.ts";
import { onInterrupt } from "./interrupt.ts";
import { UsageError } from "./usageError.ts";
import { kubeconfigTarget, leftBehind, localTarget, servedMinor } from "./verify.ts";

export interface BundlesArgs {
  readonly action: string | undefined;
  readonly paths: readonly string[];
  readonly local?: boolean | undefined;
  readonly kubeconfig?: string | undefined;
  readonly context?: string | undefined;
  readonly allowCluster?: string | undefined;
  readonly kubernetesVersion?: string | undefined;
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
  const target = a.local
    ? await localTarget(version, err)
    : await kubeconfigTarget(a.kubeconfig as string, a.context, a.allowCluster);
  const minor = target.minor ?? (a.kubernetesVersion === undefined ? await servedMinor(target.connection) : version);
  const matcher: ApiserverMatcher = await startApiserverMatcher({
    server: target.connection.server,
    connection: target.connection,
    minor,
    ...(a.webhookHost !== undefined && { webhookHost: a.webhookHost }),
    ...(a.webhookListen !== undefined && { webhookListen: a.webhookListen }),
    log: err,
  });
  const interrupts = onInterrupt({
    describe: () => `bundles check against kube-apiserver ${matcher.info.version} (run ${matcher.runId})`,
    cleanUp: async () => {
      await matcher.close();
      return leftBehind(target.connection, matcher.runId);
    },
    err,
  });
  try {
    const verdicts = await checkBundles(interrupts.guard(matcher), dirs, minor);
    for (const v of verdicts) out(bundleLine(v));
    out(`kube-apiserver ${matcher.info.version}: ${closingLine(verdicts)}`);
    if (verdicts.some((v) => v.verdict === "differs")) return 1;
    return verdicts.some((v) => v.verdict === "errored") ? 2 : 0;
  } finally {
    await matcher.close();
    const left = await leftBehind(target.connection, matcher.runId);
    if (left.length > 0) err(`matchconform: left behind: ${left.join(", ")}`);
    interrupts.dispose();
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
