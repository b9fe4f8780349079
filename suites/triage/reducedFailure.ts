// One failure after triage: its diagnosis, the minimal case reports show, and how it was reduced.
import type { Example } from "../../reports/runReport.ts";
import type { Reduction } from "../shrink/normaliseQuery.ts";
import type { Diagnosis } from "./diagnosis.ts";

export interface ReducedFailure {
  readonly diagnosis: Diagnosis;
  readonly example: Example;
  readonly reduction: Reduction;
  /** The invariant whose violation this is, when it came from the invariant phase. */
  readonly invariant?: string;
}

/** Calls one reduction may spend on the implementation. */
export const maxCalls = 600;
