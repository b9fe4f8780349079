// `matchconform cluster up|down`: the local control plane that verify and bundles check use.
import { defineCommand } from "../command.ts";
import { kubernetesVersion } from "./sharedOptions.ts";

export const clusterCommand = defineCommand({
  name: "cluster",
  summary: "start or stop a local etcd and kube-apiserver for verify and bundles check",
  usage: "up [--kubernetes-version 1.N] | down",
  description: `up builds (the first time: minutes) and starts etcd and kube-apiserver on loopback, with a
kubeconfig for the suite; down stops them and removes their data.`,
  positionals: { complete: ["up", "down"] },
  options: {
    "kubernetes-version": kubernetesVersion("the control plane's minor (default: the latest supported)"),
  },
  examples: ["matchconform cluster up --kubernetes-version 1.36", "matchconform cluster down"],
  exitCodes: [
    ["0", "done"],
    ["1", "the build or the start failed"],
    ["2", "bad input"],
  ],
  async run(flags, positionals, { out }) {
    const { cluster } = await import("../cluster.ts");
    return cluster(positionals[0], flags.kubernetesVersion, out);
  },
});
