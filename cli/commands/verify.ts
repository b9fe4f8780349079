// `matchconform verify --apiserver`: the model compared with a real kube-apiserver.
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import type { VerifyArgs } from "../verify.ts";
import { budgetOptions, clusterOptions, kubernetesVersion, reportDir } from "./sharedOptions.ts";

const options = {
  apiserver: {
    type: "boolean",
    group: "Oracle",
    help: "compare with a real kube-apiserver (the only oracle so far)",
  },
  ...clusterOptions,
  "kubernetes-version": kubernetesVersion(
    "the local control plane's minor, or the minor to assume of a kubeconfig's server (default: the running local control plane's, else the latest supported; what a kubeconfig's server says)",
  ),
  ...budgetOptions,
  profile: {
    ...budgetOptions.profile,
    help: "the work (default quick): quick the corpus, 300 scenarios and 20 samples of each invariant, default 3,000 and 60, nightly 20,000 and 300; in --mode ci all of it, under a ceiling of 30 min, 2 h, 8 h; in explore what fits in 20 s, 60 s, 20 min",
  },
  mode: {
    type: "string",
    value: "ci|explore",
    group: "Budget",
    complete: async () => (await import("../runMode.ts")).runModes,
    help: "ci (default): with no --seed, the fixed seed of the server's minor (1037 for 1.37), and the profile's whole work however slowly the server answers (the time limit a ceiling), so that a gate fails only for what changed; explore: a new random seed each run, the time limit shared between the phases (work it leaves undone exits 3)",
  },
  "batch-size": { type: "string", value: "N", group: "Budget", help: "queries put to the server together" },
  "condition-rate": {
    type: "string",
    value: "R",
    group: "Budget",
    help: "the share of generated scenarios with matchConditions (and drawn users), 0 to 1 (default 0.2)",
  },
  "param-rate": {
    type: "string",
    value: "R",
    group: "Budget",
    help: "the share of generated scenarios with params, 0 to 1 (default 0.2)",
  },
  "report-dir": reportDir(".matchconform/verify"),
  queries: {
    type: "string",
    value: "<path>",
    group: "Budget",
    complete: "file",
    help: "ask only the queries of these case files (a folder: another minor's recording) at the server's minor, each against the model there: no corpus, generated scenarios or invariants",
  },
  record: {
    type: "string",
    value: "<dir>",
    group: "Reports",
    complete: "dir",
    help: "write the server's verdicts as case files, a folder per server version",
  },
} as const satisfies Options;

true satisfies EveryFlagRead<VerifyArgs, typeof options>;

export const verifyCommand = defineCommand({
  name: "verify",
  summary: "the model compared with a real kube-apiserver",
  usage: "--apiserver (--local | --kubeconfig <file>) [options] [case files...]",
  description: `The corpus, generated scenarios and invariants with a real kube-apiserver as the
implementation, so that the model is compared with the real server: the local control plane
(started if need be) or a kind-* context. Reports are written as for run. --record writes what the
server decided as case files under <dir>/<server version>/, which replay reads; a version's folder is
replaced, other versions' are kept. --queries <path> puts a fixed query set instead (another minor's
recording, so that two recordings hold the same queries and matchconform drift compares like with like).`,
  positionals: { complete: "file" },
  options,
  examples: [
    "matchconform cluster up && matchconform verify --apiserver --local --num-runs 500",
    "matchconform verify --apiserver --kubeconfig ~/.kube/config --context kind-kind --webhook-host 172.18.0.1 --webhook-listen 0.0.0.0",
    "matchconform verify --apiserver --local --record suites/recorded",
    "matchconform verify --apiserver --local --kubernetes-version 1.34 --queries suites/recorded/v1.37.2 --record suites/recorded",
  ],
  exitCodes: [
    ["0", "the model and the server agree"],
    ["1", "a divergence was found"],
    ["2", "bad input, or a server that could not be used"],
    ["3", "incomplete: the time limit ended the run before its promised work was done"],
    [
      "4",
      "the server is unreliable: it answered the same query two ways (the server's or its infrastructure's fault, not a divergence); no verdict holds",
    ],
    ["130/143", "interrupted by SIGINT/SIGTERM (what the run created is removed)"],
  ],
  async run(flags, positionals, { out, err }) {
    const { verify } = await import("../verify.ts");
    return verify({ ...flags, cases: positionals }, out, err);
  },
});
