import type { Cluster } from "./cluster.ts";
import type { AdmissionRequest } from "./kube.ts";
import type { Expected } from "./outcome.ts";
import type { Subject } from "./subject.ts";

/** One admission request and its expected outcome. */
export interface Test {
  readonly description: string;
  readonly request: AdmissionRequest;
  readonly expected: Expected;
  /** Replaces the case's cluster for this test. */
  readonly cluster?: Cluster;
}

/** One matcher configuration with the cluster it sees and its tests (docs/case-format.md, A case). */
export interface Case {
  readonly description: string;
  readonly source?: string;
  /** A semver-like range over minors, e.g. ">=1.32", "1.30 - 1.34", "<1.35 || 1.37". */
  readonly kubernetesVersions?: string;
  readonly subject: Subject;
  readonly cluster?: Cluster;
  readonly tests: readonly Test[];
}
