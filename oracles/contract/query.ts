import type { Cluster } from "./cluster.ts";
import type { AdmissionRequest } from "./kube.ts";
import type { Subject } from "./subject.ts";
import type { Minor } from "./versions.ts";

/** One decision to ask for (the fields of a line-protocol `match` message). */
export interface Query {
  readonly kubernetesVersion: Minor;
  readonly subject: Subject;
  readonly cluster: Cluster;
  readonly request: AdmissionRequest;
}
