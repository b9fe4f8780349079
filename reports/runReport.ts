// The report of `matchconform run`: a header, the buckets of divergences, and a footer with the
// counts and the clause coverage (described by reports/run-report.schema.json).

import type { Answer, ImplementationHealth } from "../oracles/adapters/matcher.ts";
import type { ReferenceName, UpstreamName } from "../oracles/adapters/reference.ts";
import type { NotReproducibleKind } from "../oracles/apiserver/batch/notReproducible.ts";
import type { Capabilities } from "../oracles/contract/capabilities.ts";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";
import type { ImplementationInfo, SubjectInputForm } from "../oracles/contract/protocol.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { SubjectKind } from "../oracles/contract/subject.ts";
import type { Minor } from "../oracles/contract/versions.ts";

export type Phase = "corpus" | "generated" | "invariant";

export interface Example {
  readonly phase: Phase;
  /** The reduced query (for the corpus: the test as written). */
  readonly query: Query;
  /** What the reference says (the model, or the case's expectation); for an invariant, the base's outcome. */
  readonly expected: Expected | Outcome;
  readonly actual: Answer;
  /** For an invariant: the related query and what the implementation said to it. */
  readonly variant?: {
    readonly query: Query;
    readonly actual: Answer;
    readonly relation: string;
    /** What kube-apiserver (the model) decides for the variant. */
    readonly expected?: Outcome;
  };
  readonly clauses: readonly string[];
  /** The case file that reproduces it with `matchconform replay`. */
  readonly caseFile: string;
  readonly corpus?: { readonly file: string; readonly case: string; readonly test: string };
  /** fast-check's seed and the scenario's index in the generated stream. */
  readonly seed?: number;
  readonly path?: string;
}

/** One rule of a family: the clause the reduced case turned on, how often, and its minimal case. */
export interface FamilyRow {
  readonly clause: string;
  readonly title: string;
  readonly count: number;
  readonly minors: readonly Minor[];
  readonly caseFile: string;
}

/**
 * How much of a realistic request mix a cause affects (docs/diagnosis.md, "Ranked by impact"): of
 * the mix's `decided` scenarios, the `affected` ones diverge where the cause's behaviour applies.
 */
export interface Impact {
  readonly share: number;
  readonly affected: number;
  readonly decided: number;
}

/** One cause: the divergences whose reduced cases need the same thing, from every phase. */
export interface Bucket {
  /** The key: `<clause> · model X · implementation Y[ · feature…]`, `family <name>`, `invariant <name>`. */
  readonly signature: string;
  /** In words: what kube-apiserver does there, next to what the implementation did. */
  readonly title: string;
  /** The upstream code the deciding clause follows. */
  readonly source?: string;
  /**
   * Who decided what kube-apiserver does: the reference model, or where the model stops the
   * upstream oracle (kube-apiserver's own code) of the minor. Absent in older reports: the model.
   */
  readonly reference?: ReferenceName;
  readonly clause: string;
  /** The first phase it was seen in. */
  readonly phase: Phase;
  readonly phases: Readonly<Record<Phase, number>>;
  readonly count: number;
  readonly minors: readonly Minor[];
  /** The reduced example. */
  readonly example: Example;
  readonly reduction: {
    /** minimal: no field, item, label or value can go or be simplified without losing the divergence. */
    readonly status: "minimal" | "unreduced";
    readonly calls: number;
    /** Lines of the minimal case file. */
    readonly lines: number;
    /** The simplifications kept, in order. */
    readonly moves: readonly string[];
    readonly why?: string;
  };
  readonly family?: { readonly name: string; readonly explanation: string; readonly rows: readonly FamilyRow[] };
  /** Corpus tests and invariants that failed for this cause. */
  readonly evidence?: {
    readonly corpus: readonly { readonly file: string; readonly case: string; readonly test: string }[];
    readonly invariants: readonly string[];
  };
  /** Set when an expected-failures entry names this bucket. */
  readonly expectedFailure?: { readonly reason: string; readonly issue?: string };
  /** Why no real cluster can reproduce the example (the apiserver oracle's reason); absent when one can. */
  readonly notReproducible?: string;
  /**
   * What kind of reason `notReproducible` is: an input no real cluster sends (such causes are the
   * run's unrealInputs), or a request a real cluster sends whose decision the oracle cannot observe.
   * Absent where a cluster can reproduce it, and in older reports.
   */
  readonly notReproducibleKind?: NotReproducibleKind;
  /** Its share of the run's realistic mix; absent when the mix was not asked (no time, or no mix). */
  readonly impact?: Impact;
  /** The folder of its reproduction bundle, relative to the report folder (set when the reports are written). */
  readonly bundle?: string;
}

/**
 * One reason a phase left something undecided: the implementation's skip message, a query outside
 * its claimed scope, or one outside what the reference model decides (neither was sent).
 */
export interface SkipReason {
  readonly by: "implementation" | "scope" | "model";
  readonly reason: string;
  readonly count: number;
}

/** A corpus test that expects what the reference does not decide. */
export interface ContradictedTest {
  readonly file: string;
  readonly case: string;
  readonly test: string;
  readonly minor: Minor;
  readonly expected: Expected;
  readonly reference: ReferenceName;
  readonly decided: Outcome;
}

export type SkipPhase = "corpus" | "generated" | "invariants";

/** Of `total` units of a phase (tests, scenarios, invariant checks), `skipped` were not decided. */
export interface PhaseSkips {
  readonly total: number;
  readonly skipped: number;
  readonly reasons: readonly SkipReason[];
}

/** Work a run promised and did not do: of `promised` units (tests, scenarios, invariants, causes), `done`. */
export interface Shortfall {
  readonly work: "corpus" | "generated" | "invariants" | "reduction";
  readonly done: number;
  readonly promised: number;
}

/**
 * Why a run did less than its profile promises (suites/run/options.ts's minimum): the time limit
 * ran out, start-up never ended (the implementation did not answer start in its own budget), the
 * implementation could not be used, a signal interrupted the run, or questions got no answer within
 * the case timeout even when sent again (the clock's, which the machine's load can beat: not a verdict).
 */
export type IncompleteCause =
  | "timeLimit"
  | "startUp"
  | "implementation"
  | "interrupted"
  | "caseTimeout"
  /** The real server (verify) answered the same query two ways: the infrastructure's fault, exit 4. */
  | "unreliableServer";

/** Whether the run did the work its profile promises (issue 19): never green without it. */
export type Completion =
  | { readonly status: "complete" }
  | {
      readonly status: "incomplete";
      readonly cause: IncompleteCause;
      /** In words, with how much was done of what was promised. */
      readonly reason: string;
      readonly shortfalls: readonly Shortfall[];
    };

/** The one-line verdict every format leads with (reports/verdict.ts), kept in the report's data. */
export type Verdict =
  | { readonly kind: "causes"; readonly text: string }
  | { readonly kind: "noDivergence"; readonly text: string }
  | { readonly kind: "incomplete"; readonly text: string }
  | { readonly kind: "nothingTested"; readonly text: string }
  /** The implementation answered the same query two ways: no divergence it showed can be trusted. */
  | { readonly kind: "inconsistent"; readonly text: string };

/**
 * 0 nothing diverges (and the promised work was done), 1 something does, 2 bad input or an
 * implementation that could not be used, 3 incomplete: the promised work was not done (the time
 * limit), 4 the real server (verify) answered the same query two ways, so no verdict holds (the
 * server's or its infrastructure's fault), 130 or 143 interrupted.
 */
export type ExitCode = 0 | 1 | 2 | 3 | 4 | 130 | 143;

export interface RunReport {
  readonly header: {
    readonly matchconform: string;
    readonly startedAt: string;
    readonly implementation: ImplementationInfo & { readonly command?: string; readonly module?: string };
    readonly input: SubjectInputForm;
    readonly kubernetesVersions: readonly Minor[];
    /** What the implementation claims (`ready.capabilities`, resolved). */
    readonly capabilities: Capabilities;
    /** The subject kinds the implementation declares (`ready.subjects`); absent in older reports: all. */
    readonly subjects?: readonly SubjectKind[];
    readonly seed: number;
    readonly profile: string;
    readonly options: Readonly<Record<string, string | number | boolean>>;
    readonly replay: string;
    /** Set when the run ended early (interrupted, the implementation declared broken or not started): why. */
    readonly partial?: string;
    /** Set when the run did one of `count` shares of the work (`run --shard index/count`). */
    readonly shard?: { readonly index: number; readonly count: number };
    /** Set on a report merge-reports put together: the shares it holds, of how many. */
    readonly merged?: { readonly shards: readonly number[]; readonly count: number };
    /**
     * `--reference`: what decided where the model stops (the upstream oracles the run had, by name),
     * or why nothing did. Absent in older reports: the model alone.
     */
    readonly references?: {
      readonly choice: string;
      readonly upstream: readonly UpstreamName[];
      /** Queries put to the implementation where the model stops, an upstream oracle deciding them. */
      readonly decided?: number;
      readonly note?: string;
    };
  };
  readonly buckets: readonly Bucket[];
  /**
   * Causes seen only on inputs no real cluster produces (the apiserver oracle's reason in each
   * `notReproducible`): reported apart, never counted or ranked with the buckets, failing the run
   * only when asked. Absent in reports written before they were set apart.
   */
  readonly unrealInputs?: readonly Bucket[];
  readonly expectedFailures: {
    readonly stillFailing: readonly string[];
    /** Entries whose divergence no longer shows: the entry can go. */
    readonly noLongerFailing: readonly string[];
  };
  readonly footer: {
    readonly corpus: { readonly passed: number; readonly failed: number; readonly skipped: number };
    readonly generated: {
      readonly scenarios: number;
      readonly agreed: number;
      readonly diverged: number;
      readonly skipped: number;
      readonly timeToFirstDivergenceMs: number | null;
    };
    readonly invariants: readonly {
      readonly name: string;
      readonly checked: number;
      readonly violated: number;
      readonly inconclusive: number;
    }[];
    /** From the start of the run to the first failure of any phase. */
    readonly firstFailureMs: number | null;
    /** Per phase, what was skipped by the implementation or left out as outside its claimed scope. */
    readonly skips: Readonly<Record<SkipPhase, PhaseSkips>>;
    readonly implementationFailures: number;
    readonly clauseCoverage: Readonly<Record<string, number>>;
    /** Work not asked, by phase, and answers abandoned, because the time limit or an interruption came first. */
    readonly notRun?: {
      readonly reason: string;
      readonly corpus: number;
      readonly generated: number;
      readonly invariants: number;
      readonly abandoned: number;
    };
    /** How a child implementation behaved as a process: restarts, timeouts, protocol faults, given up on or not. */
    readonly implementationHealth?: ImplementationHealth;
    /**
     * Corpus tests whose expectation the reference contradicts (the model, or where it stops the
     * upstream oracle): a finding about the case files, not the implementation, which is judged
     * against the reference on them. The first few, with both sides.
     */
    readonly contradictedTests?: { readonly tests: number; readonly examples: readonly ContradictedTest[] };
    /**
     * Queries the implementation answered two ways when asked again: a finding about the
     * implementation, not a cause. Its divergences may be chance, so none is reported as a cause:
     * `setAside` counts the causes (unreal inputs' included) the run would otherwise have shown.
     */
    readonly inconsistentAnswers?: {
      readonly queries: number;
      readonly examples: readonly { readonly query: Query; readonly first: Answer; readonly second: Answer }[];
      readonly setAside: number;
    };
    readonly durationMs: number;
    /** Loading the cases and starting the implementation, before the phases' clock started. */
    readonly startUpMs?: number;
    /** Whether the promised work was done; absent in reports written before it was judged. */
    readonly completion?: Completion;
    /** What every format leads with; absent in reports written before it was kept. */
    readonly verdict?: Verdict;
    /** 130 or 143 when SIGINT or SIGTERM interrupted the run; 3 when the promised work was not done. */
    readonly exitCode: ExitCode;
  };
}
