// `matchconform bundles check`: each reproduction bundle's case put to a real kube-apiserver.
import type { BundlesArgs } from "../bundles.ts";
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import { clusterOptions, kubernetesVersion } from "./sharedOptions.ts";

const options = {
  ...clusterOptions,
  "kubernetes-version": kubernetesVersion(
    "the local control plane's minor (default: the running one's, else the latest supported)",
  ),
} as const satisfies Options;

true satisfies EveryFlagRead<BundlesArgs, typeof options>;

export const bundlesCommand = defineCommand({
  name: "bundles",
  summary: "check the reports' reproduction bundles on a real kube-apiserver",
  usage: "check <folders...> (--local | --kubeconfig <file>) [options]",
  description: `Puts each reproduction bundle's case.yaml to a real kube-apiserver, as verify does (the same
clusters only, Warn-only probes, dry-run, everything removed), and says per bundle: reproduced (the
server decides as the case expects), differs, or not reproducible (why). It takes a report folder, its
bundles folder, or bundles.`,
  positionals: { complete: ["check"] },
  options,
  examples: [
    "matchconform bundles check .matchconform/report --local",
    "matchconform bundles check .matchconform/report/bundles/01-* --kubeconfig ~/.kube/config --context kind-kind",
  ],
  exitCodes: [
    ["0", "every reproducible bundle reproduced"],
    ["1", "one differs"],
    ["2", "bad input, no bundle, or no usable answer from the server"],
    ["130/143", "interrupted by SIGINT/SIGTERM (what the check created is removed)"],
  ],
  async run(flags, positionals, { out, err }) {
    const { bundles } = await import("../bundles.ts");
    return bundles({ ...flags, action: positionals[0], paths: positionals.slice(1) }, out, err);
  },
});
