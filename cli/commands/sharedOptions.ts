// Options more than one command declares, each written here once.
import type { OptionSpec } from "../command.ts";

const minors = async () => (await import("../../oracles/contract/versions.ts")).supportedMinors;
const profileNames = async () => Object.keys((await import("../../suites/run/options.ts")).profiles);

/** Every command takes these: where its defaults come from, and its help. */
export const commonOptions = {
  config: {
    type: "string",
    value: "<file>",
    group: "Every command",
    complete: "file",
    help: 'read default flags from this file (.json or .mjs) instead of matchconform.config.json, matchconform.config.mjs or package.json\'s "matchconform" key in the working directory',
  },
  "no-config": { type: "boolean", group: "Every command", help: "read no config file" },
  help: { type: "boolean", group: "Every command", help: "this help" },
} as const satisfies Record<string, OptionSpec>;

export const kubernetesVersion = (help: string): OptionSpec & { readonly type: "string" } => ({
  type: "string",
  value: "1.N",
  group: "Kubernetes",
  complete: minors,
  help,
});

/** `run` and `replay`: what is tested. */
export const implementationOptions = {
  implementation: {
    type: "string",
    value: "<command>",
    group: "Implementation",
    help: "a command speaking line protocol v1, or upstream@1.N (k8s.io/apiserver's own code, built with Go on first use); default: the built-in reference model",
  },
  module: {
    type: "string",
    value: "<file>",
    group: "Implementation",
    complete: "file",
    help: "a .mjs, .js or .ts file whose default export answers the protocol's messages in-process",
  },
  "case-timeout": {
    type: "string",
    value: "10s",
    group: "Implementation",
    help: "how long one case may take before it is sent again, with twice the time, then counts as hung (longer while answers come slowly)",
  },
} as const satisfies Record<string, OptionSpec>;

export const reportDir = (fallback: string): OptionSpec & { readonly type: "string" } => ({
  type: "string",
  value: "<dir>",
  group: "Reports",
  complete: "dir",
  help: `where the reports go (default ${fallback})`,
});

/** `run` and `verify`: how much is generated (cli/budgetFlags.ts reads them). */
export const budgetOptions = {
  profile: {
    type: "string",
    value: "quick|default|nightly",
    group: "Budget",
    complete: profileNames,
    help: "the work: quick 300 scenarios, default 3,000, nightly 20,000 (--mode ci: all of it, under a ceiling of 5 min, 20 min, 2 h; --mode explore: what fits in 20 s, 60 s, 20 min)",
  },
  "num-runs": {
    type: "string",
    value: "N",
    group: "Budget",
    help: "generated scenarios; alone, no time limit",
  },
  "time-limit": {
    type: "string",
    value: "60s",
    group: "Budget",
    help: "--mode ci: a ceiling against a hang, the work unchanged (reaching it exits 3); --mode explore: bounds the run from the implementation's ready, alone with no limit on the number of scenarios, with --num-runs whichever comes first",
  },
  seed: {
    type: "string",
    value: "S",
    group: "Budget",
    help: "the generators' seed (default, printed: in --mode ci the Kubernetes minor's own, otherwise a random one)",
  },
} as const satisfies Record<string, OptionSpec>;

/** `verify` and `bundles check`: which kube-apiserver, and how it reaches the suite's webhook. */
export const clusterOptions = {
  local: {
    type: "boolean",
    group: "Cluster",
    help: "the local control plane (`matchconform cluster up`), started if need be",
  },
  kubeconfig: {
    type: "string",
    value: "<file>",
    group: "Cluster",
    complete: "file",
    help: "a cluster from this kubeconfig: its kind-* context, or one --allow-cluster names",
  },
  context: { type: "string", value: "<name>", group: "Cluster", help: "the kubeconfig's context to use" },
  "allow-cluster": {
    type: "string",
    value: "<name>",
    group: "Cluster",
    help: "a cluster that is not kind-* but may be used all the same",
  },
  "webhook-host": {
    type: "string",
    value: "<address>",
    group: "Cluster",
    help: "the address the server calls the suite's webhook receiver at (default 127.0.0.1; on kind, the kind network's gateway, with --webhook-listen 0.0.0.0)",
  },
  "webhook-listen": {
    type: "string",
    value: "<address>",
    group: "Cluster",
    help: "the address the webhook receiver listens on",
  },
} as const satisfies Record<string, OptionSpec>;
