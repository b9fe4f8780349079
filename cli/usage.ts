// What `matchconform --help` and `matchconform <command> --help` print: one block per command.

export const commandHelp = {
  run: `  run [--implementation "<command>" | --module <file>] [--kubernetes-version 1.N | --all-versions]
      [--time-limit 60s | --num-runs N] [--seed S] [--profile quick|default|nightly]
      [--expected-failures <file>] [--update-expected-failures <file>]
      [--report-dir <dir>] [--save-regressions <dir>]
      [--case-timeout 10s] [case files or folders (default: the corpus shipped with matchconform)]
      the corpus, then generated scenarios compared with the reference model, then the
      invariants on the implementation alone; without an implementation, the built-in model.
      --implementation: a command speaking line protocol v1, or upstream@1.N (k8s.io/apiserver's
      own code, built with Go on first use); --module: a .mjs, .js or .ts file whose default export
      answers the protocol's messages in-process.
      Reports go to --report-dir (default .matchconform/report), also when the run ends early.
      --time-limit bounds the whole run from the command's start (corpus until 30 % of it,
      generated until 60 %, invariants until 80 %, then reduction) plus a 5 s grace.`,
  replay: `  replay <files or folders...> [--kubernetes-version 1.N] [--implementation "<command>" | --module <file>]
      [--case-timeout 10s]
      every test of every case file, at every minor the case applies to (or the one given),
      on the reference model or the implementation; each failure, the cases or minors not run
      and why, and "N passed, N failed". Exit 2 when nothing was tested.`,
  cluster: `  cluster up [--kubernetes-version 1.N] | cluster down
      build (first time: minutes) and start etcd and kube-apiserver on loopback, with a
      kubeconfig for the suite; down stops them and removes their data.`,
  verify: `  verify --apiserver (--local [--kubernetes-version 1.N] | --kubeconfig <file> [--context <name>]
      [--allow-cluster <name>]) [--profile quick|default|nightly] [--num-runs N | --time-limit 60s]
      [--seed S] [--batch-size N] [--report-dir <dir>] [--record <dir>] [case files or folders]
      [--condition-rate R] [--param-rate R] [--webhook-host <address> [--webhook-listen <address>]]
      the model compared with a real kube-apiserver (the local control plane, started if need
      be, or a kind-* context); reports go to --report-dir (default .matchconform/verify).
      --record writes what the server decided as case files under <dir>/<server version>/,
      which replay reads; a version's folder is replaced, other versions' are kept.
      --condition-rate, --param-rate: the share of generated scenarios with matchConditions (and
      drawn users) and with params, 0 to 1 (default 0.2 each).
      --webhook-host: the address the server calls the suite's webhook receiver at (default
      127.0.0.1; on kind, the kind network's gateway, with --webhook-listen 0.0.0.0).`,
  bundles: `  bundles check <report, bundles or bundle folders...> (--local [--kubernetes-version 1.N] |
      --kubeconfig <file> [--context <name>] [--allow-cluster <name>])
      [--webhook-host <address> [--webhook-listen <address>]]
      puts each reproduction bundle's case.yaml to a real kube-apiserver, as verify does (the
      same clusters only, Warn-only probes, dry-run, everything removed), and says per bundle:
      reproduced (the server decides as the case expects), differs, or not reproducible (why).
      Exit 0 all reproducible ones reproduced, 1 one differs, 2 bad input or no usable answer.`,
  coverage: `  coverage [--num-runs N] [--seed S]
      how often generated scenarios reach each clause of the reference model (Markdown).`,
} as const;

export type Command = keyof typeof commandHelp;

export function isCommand(name: string | undefined): name is Command {
  return name !== undefined && Object.hasOwn(commandHelp, name);
}

const exitCodes = `exit codes: 0 all passed, 1 a test failed or a divergence was found, 2 bad input or an
implementation that would not start, gave no usable answer or was declared broken, 3 incomplete:
run's time limit ran out before the profile's promised work was done (and nothing diverged in what
was), 130/143 interrupted by SIGINT/SIGTERM (run writes a partial report)`;

export const usage = `usage: matchconform <command> [options]
       matchconform <command> --help | --help | --version

commands:
${Object.values(commandHelp).join("\n\n")}

${exitCodes}`;

export function helpOf(command: Command): string {
  return `usage: matchconform ${commandHelp[command].trimStart()}\n\n${exitCodes}`;
}
