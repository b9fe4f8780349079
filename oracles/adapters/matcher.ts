// One interface for every implementation: the reference model, an in-process module, a child process.
import type { Capabilities } from "../contract/capabilities.ts";
import { claimsSubjectAt } from "../contract/capabilities.ts";
import type { Outcome } from "../contract/outcome.ts";
import type { ImplementationInfo, SubjectInputForm } from "../contract/protocol.ts";
import type { Query } from "../contract/query.ts";
import type { SubjectKind } from "../contract/subject.ts";
import type { Minor } from "../contract/versions.ts";

/** What an implementation answered, as a closed union. */
export type Answer =
  | { readonly answer: "outcome"; readonly outcome: Outcome }
  /** An honest "not supported": counted apart from failures. */
  | { readonly answer: "skipped"; readonly message: string; readonly issue?: string }
  /** The implementation reports failing on this case. */
  | { readonly answer: "errored"; readonly message: string; readonly detail?: string }
  /**
   * The implementation broke: crashed, hung past the timeout, or wrote what the protocol does not
   * allow; or (`notAsked`) the case got no answer of its own, the implementation having been
   * declared broken before it was asked or while it was in flight: no verdict on the case, which the
   * runner counts as not run, never as a failure.
   */
  | {
      readonly answer: "broken";
      readonly problem: BrokenProblem;
      readonly message: string;
      readonly stderr: readonly string[];
    };

export type BrokenProblem = "crashed" | "timeout" | "garbage" | "protocol" | "notAsked";

/** An answer the implementation never gave (it was declared broken first): no verdict on the case. */
export function notAsked(a: Answer): boolean {
  return a.answer === "broken" && a.problem === "notAsked";
}

export interface Matcher {
  readonly info: ImplementationInfo;
  readonly subjects: readonly SubjectKind[];
  readonly input: SubjectInputForm;
  readonly kubernetesVersions: readonly Minor[];
  /** What it claims (`ready.capabilities`); the runner sends nothing outside it. */
  readonly capabilities: Capabilities;
  /**
   * Questions it wants in flight at once, when more than the runner's own figure: a batching
   * server (the real kube-apiserver) answers a batch at a time, and fills several only with more.
   */
  readonly inFlight?: number;
  /** The query as the runner states it; the adapter sends what the protocol says to send. */
  match(query: Query): Promise<Answer>;
  close(): Promise<void>;
  /** How the implementation behaved as a process (a child's restarts, faults, whether it was given up on). */
  health?(): ImplementationHealth;
}

/** What a child wrote that line protocol v1 does not allow, kept with the offending lines. */
export type ProtocolFaultKind =
  | "notJson"
  | "overlongLine"
  | "missingSeq"
  | "unknownSeq"
  | "duplicateSeq"
  | "startAnsweredTwice";

export interface ProtocolFault {
  /** Which child (1 the first, 2 its first replacement, …) wrote it. */
  readonly child: number;
  readonly kind: ProtocolFaultKind;
  readonly count: number;
  /** The first few offending lines, each cut at 200 characters. */
  readonly lines: readonly string[];
}

export interface ImplementationHealth {
  /** Children started, the first included. */
  readonly children: number;
  readonly restarts: number;
  /** Cases that got no answer within the case timeout. */
  readonly timeouts: number;
  /** Why the runner stopped asking the implementation, or null when it never did. */
  readonly broken: string | null;
  readonly faults: readonly ProtocolFault[];
  /**
   * Processes it left outside its process group (setsid daemons), found by the environment marker
   * and killed once their child was ended, each as "pid command"; absent when none.
   */
  readonly escaped?: readonly string[];
}

/** The implementation would not start or would not speak the protocol at all: exit code 2. */
export class MatcherStartError extends Error {
  override name = "MatcherStartError";
  readonly stderr: readonly string[];

  constructor(message: string, stderr: readonly string[] = []) {
    super(message);
    this.stderr = stderr;
  }
}

/** What a matcher declares of itself, for a wrapper that answers through it (recording, watching). */
export function declaredBy(
  m: Matcher,
): Pick<Matcher, "info" | "subjects" | "input" | "kubernetesVersions" | "capabilities" | "inFlight"> {
  return {
    info: m.info,
    subjects: m.subjects,
    input: m.input,
    kubernetesVersions: m.kubernetesVersions,
    capabilities: m.capabilities,
    ...(m.inFlight !== undefined && { inFlight: m.inFlight }),
  };
}

/** Does the matcher answer this kind at this minor (its `subjectVersions` included)? */
export function answers(m: Matcher, kind: SubjectKind, minor: Minor): boolean {
  return (
    m.subjects.includes(kind) && m.kubernetesVersions.includes(minor) && claimsSubjectAt(m.capabilities, kind, minor)
  );
}
