// The report of `matchconform run`: a header, the buckets of divergences, and a footer with the
// counts and the clause coverage (described by reports/run-report.schema.json).
import type { Answer } from "../oracles/adapters/matcher.ts";
import type { Expected, Outcome } from "../oracles/contract/outcome.ts";
import type { ImplementationInfo, SubjectInputForm } from "../oracles/contract/protocol.ts";
import type { Query } from "../oracles/invariants/invariant.ts";
import type { Minor } from "../oracles/model/versions.ts";

export type Phase = "corpus" | "generated" | "invariant";

export interface Example {
  readonly phase: Phase;
  /** The reduced query (for the corpus: the test as written). */
  readonly query: Query;
  /** What the reference says (the model, or the case's expectation); for an invariant, the base's outcome. */
  readonly expected: Expected | Outcome;
  readonly actual: Answer;
  /** For an invariant: the related query and what the implementation said to it. */
  readonly variant?: { readonly query: Query; readonly actual: Answer; readonly relation: string };
  readonly clauses: readonly string[];
  /** The case file that reproduces it with `matchconform replay`. */
  readonly caseFile: string;
  readonly corpus?: { readonly file: string; readonly case: string; readonly test: string };
  /** fast-check's seed and the scenario's index in the generated stream. */
  readonly seed?: number;
  readonly path?: string;
}

export interface Bucket {
  readonly signature: string;
  readonly phase: Phase;
  readonly count: number;
  readonly minors: readonly Minor[];
  readonly example: Example;
  /** Set when an expected-failures entry names this bucket. */
  readonly expectedFailure?: { readonly reason: string; readonly issue?: string };
  /** Why no real cluster can reproduce the example (the apiserver oracle's reason); absent when one can. */
  readonly notReproducible?: string;
}

export interface RunReport {
  readonly header: {
    readonly matchconform: string;
    readonly startedAt: string;
    readonly implementation: ImplementationInfo & { readonly command?: string; readonly module?: string };
    readonly input: SubjectInputForm;
    readonly kubernetesVersions: readonly Minor[];
    readonly seed: number;
    readonly profile: string;
    readonly options: Readonly<Record<string, string | number | boolean>>;
    readonly replay: string;
  };
  readonly buckets: readonly Bucket[];
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
    readonly implementationFailures: number;
    readonly clauseCoverage: Readonly<Record<string, number>>;
    readonly durationMs: number;
    readonly exitCode: 0 | 1 | 2;
  };
}
