// Line protocol v1 (docs/line-protocol.md): one JSON object per line each way.

import type { Cluster } from "./cluster.ts";
import type { Feature } from "./features.ts";
import type { AdmissionRequest, GroupVersionKind, GroupVersionResource, Operation } from "./kube.ts";
import type { Subject, SubjectKind } from "./subject.ts";

export const protocolVersion = 1;

export interface StartMessage {
  readonly cmd: "start";
  readonly version: 1;
}

export interface ImplementationInfo {
  readonly name: string;
  readonly version: string;
  readonly language?: string;
  readonly homepage?: string;
  readonly issues?: string;
}

/** `input`: "manifest" (default) receives subjects as written; "stored" receives them defaulted and valid. */
export type SubjectInputForm = "manifest" | "stored";

export interface ReadyMessage {
  readonly ready: true;
  readonly version: 1;
  readonly implementation: ImplementationInfo;
  readonly subjects: readonly SubjectKind[];
  readonly input?: SubjectInputForm;
  readonly kubernetesVersions: readonly string[];
  /** A compatible extension of v1: what the implementation claims; omitted = everything. */
  readonly capabilities?: CapabilitiesDeclaration;
}

/**
 * `ready.capabilities` as written (docs/protocol-capabilities.md). Every field is optional and an
 * omitted one claims everything; `subresources: []` claims main resources only.
 */
export interface CapabilitiesDeclaration {
  readonly operations?: readonly Operation[];
  readonly subresources?: "all" | readonly string[];
  readonly features?: Readonly<Partial<Record<Feature, boolean>>>;
  readonly subjectVersions?: Readonly<Partial<Record<SubjectKind, readonly string[]>>>;
}

export interface MatchMessage {
  readonly cmd: "match";
  readonly seq: number;
  readonly kubernetesVersion: string;
  readonly subject: Subject;
  /** Always given in full: namespaces and equivalentResources. */
  /** namespaces and equivalentResources always; customKinds and params only when given (and claimed). */
  readonly cluster: Cluster & Required<Pick<Cluster, "namespaces" | "equivalentResources">>;
  readonly request: AdmissionRequest;
}

export interface StopMessage {
  readonly cmd: "stop";
}

/** One answer line: a Kubernetes outcome, an honest skip, or the implementation failing on the case. */
export type AnswerMessage =
  | {
      readonly seq: number;
      readonly outcome: "match";
      readonly matchedResource?: GroupVersionResource;
      readonly matchedKind?: GroupVersionKind;
      readonly params?: readonly string[];
    }
  | { readonly seq: number; readonly outcome: "noMatch" }
  | { readonly seq: number; readonly outcome: "error"; readonly code: number; readonly message?: string }
  | { readonly seq: number; readonly outcome: "invalid"; readonly message?: string }
  | { readonly seq: number; readonly skipped: { readonly message: string; readonly issue?: string } }
  | { readonly seq: number; readonly errored: { readonly message: string; readonly detail?: string } };

export type RunnerMessage = StartMessage | MatchMessage | StopMessage;
