// The flags of `matchconform run`, as cli/commands/run.ts declares them.
export interface RunArgs {
  readonly implementation?: string | undefined;
  readonly module?: string | undefined;
  readonly kubernetesVersion?: string | undefined;
  readonly allVersions?: boolean | undefined;
  readonly timeLimit?: string | undefined;
  readonly numRuns?: string | undefined;
  readonly seed?: string | undefined;
  readonly profile?: string | undefined;
  /** ci (a fixed seed per minor, the default) or explore (a new seed, new causes fail no gate). */
  readonly mode?: string | undefined;
  readonly expectedFailures?: string | undefined;
  /** Writes the expected-failures file this run implies (entries still failing kept, new causes added). */
  readonly updateExpectedFailures?: string | undefined;
  readonly reportDir?: string | undefined;
  readonly saveRegressions?: string | undefined;
  readonly caseTimeout?: string | undefined;
  /** Who decides where the model stops: auto (default), model, upstream. */
  readonly reference?: string | undefined;
  /** default, github, json: comma-separated, or the flag repeated. */
  readonly reporter?: string | undefined;
  /** Between two progress lines when stderr is not a terminal. */
  readonly progressInterval?: string | undefined;
  /** Causes seen only on inputs no real cluster produces fail the run too. */
  readonly failOnUnrealInputs?: boolean | undefined;
  /** `i/n`: only the i-th of n disjoint shares of the work. */
  readonly shard?: string | undefined;
  readonly cases: readonly string[];
}
