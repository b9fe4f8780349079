// The reference model's entry point: one subject, cluster and request at one Kubernetes minor.
import type { Cluster } from "../contract/cluster.ts";
import type { AdmissionRequest } from "../contract/kube.ts";
import type { Outcome } from "../contract/outcome.ts";
import type { Subject, SubjectKind } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";
import { atLeast } from "../contract/versions.ts";
import { decidePolicy } from "./admissionPolicy.ts";
import { toAttributes } from "./attributes.ts";
import type { ClauseName } from "./clauses.ts";
import { defaultSubject } from "./defaulting.ts";
import { printFieldErrors } from "./fieldErrors.ts";
import type { MatchResult } from "./matchResources.ts";
import { matchResources } from "./matchResources.ts";
import { plainStored } from "./plainStored.ts";
import type { Trace } from "./trace.ts";
import { ClauseTrace } from "./trace.ts";
import { validateSubject } from "./validation.ts";
import { decideWebhook } from "./webhook.ts";

export interface Decision {
  readonly outcome: Outcome;
  readonly clauses: readonly ClauseName[];
}

/** `manifest`: the subject as a user writes it; `stored`: already defaulted and valid. */
export type SubjectInput = "manifest" | "stored";

/**
 * The minors whose API serves a subject kind, with any feature gate it needs switched on
 * (docs/case-format.md, Subject): MutatingAdmissionPolicy from 1.32.
 */
export function servesSubject(kind: SubjectKind, minor: Minor): boolean {
  return kind === "MutatingAdmissionPolicy" ? atLeast(minor, 32) : true;
}

export function decide(
  subject: Subject,
  cluster: Cluster,
  request: AdmissionRequest,
  minor: Minor,
  input: SubjectInput = "manifest",
): Decision {
  return traced(subject, cluster, request, minor, input, true);
}

/**
 * `decide` without the kept preparation: the library's entry point, whose callers may change a
 * subject in place between two decisions (the suite's own subjects are values, and use `decide`).
 */
export const decideAfresh: typeof decide = (subject, cluster, request, minor, input = "manifest") =>
  traced(subject, cluster, request, minor, input, false);

// No closure per decision: tsx names every function it creates (keepNames), on the hot path too.
function traced(...[subject, cluster, request, minor, input, keep]: DecideArgs): Decision {
  const trace = new ClauseTrace();
  return { outcome: decideTraced(subject, cluster, request, minor, input, keep, trace), clauses: trace.taken };
}

type DecideArgs = [Subject, Cluster, AdmissionRequest, Minor, SubjectInput, boolean];

function decideTraced(
  subject: Subject,
  cluster: Cluster,
  request: AdmissionRequest,
  minor: Minor,
  input: SubjectInput,
  keep: boolean,
  trace: ClauseTrace,
): Outcome {
  // The trace is new: what preparation takes into it comes first, as the clauses it keeps.
  const { stored, invalid } = keep ? prepared(subject, minor, input, trace) : preparation(subject, minor, input, trace);
  if (invalid !== undefined) return { outcome: "invalid", message: invalid };
  const ctx = { attr: toAttributes(request), cluster, minor, trace };
  switch (stored.kind) {
    case "MatchResources":
      return toOutcome(matchResources(stored.matchResources, ctx));
    case "ValidatingAdmissionPolicy":
    case "MutatingAdmissionPolicy":
      return decidePolicy(stored, ctx);
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return decideWebhook(stored.webhook, ctx, stored.kind === "ValidatingWebhook");
  }
}

/** A subject as the API server stores it at a minor: defaulted and validated, or why it is invalid. */
interface Prepared {
  readonly minor: Minor;
  readonly input: SubjectInput;
  readonly stored: Subject;
  readonly invalid: string | undefined;
  /** The clauses defaulting and validation took, in order. */
  readonly clauses: readonly ClauseName[];
}

// Defaulting and validation read the subject and the minor only, and a subject is often decided
// again (against other requests and clusters while a divergence is reduced or explained, every
// round of a bench): the last preparation is kept per subject object, as a WeakMap lets it go with
// the object. Subjects are immutable values throughout the suite; one changed in place after a
// decision would be decided as it was.
const preparedBySubject = new WeakMap<Subject, Prepared>();

function prepared(subject: Subject, minor: Minor, input: SubjectInput, trace: ClauseTrace): Prepared {
  const known = preparedBySubject.get(subject);
  if (known !== undefined && known.minor === minor && known.input === input) {
    for (const c of known.clauses) trace.take(c);
    return known;
  }
  const made = preparation(subject, minor, input, trace);
  // Hostile input may not be an object, and so no WeakMap key.
  if (typeof subject === "object" && subject !== null)
    preparedBySubject.set(subject, { ...made, clauses: trace.taken });
  return made;
}

/** Defaulting and validation, their clauses taken into `trace`; `clauses` is left empty. */
function preparation(subject: Subject, minor: Minor, input: SubjectInput, trace: Trace): Prepared {
  const stored = input === "manifest" ? storedForm(subject, minor, trace) : subject;
  const errors = validateSubject(stored, minor, trace);
  if (errors.length === 0) trace.take("validation.accepted");
  const invalid = errors.length > 0 ? printFieldErrors(errors, minor) : undefined;
  return { minor, input, stored, invalid, clauses: noClauses };
}

const noClauses: readonly ClauseName[] = [];

// A plain manifest in one pass (plainStored.ts); any other through decoding.ts and defaulting.ts.
function storedForm(manifest: Subject, minor: Minor, trace: Trace): Subject {
  const taken: ClauseName[] = [];
  const plain = plainStored(manifest, minor, taken);
  if (plain === undefined) return defaultSubject(manifest, trace, minor);
  for (const c of taken) trace.take(c);
  return plain;
}

function toOutcome(result: MatchResult): Outcome {
  switch (result.result) {
    case "match":
      return { outcome: "match", matchedResource: result.resource, matchedKind: result.kind };
    case "noMatch":
      return { outcome: "noMatch" };
    case "error":
      return { outcome: "error", code: result.error.code, message: result.error.message };
  }
}
