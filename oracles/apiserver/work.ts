// A query as the oracle carries it through a batch: renamed, what realises it, the user it is
// sent as, and its state and answer so far. Every room of the oracle reads it; it imports none of them.
import type { Answer } from "../adapters/matcher.ts";
import type { Query } from "../contract/query.ts";
import type { ProbeNames } from "./probe/names.ts";
import type { CustomResource } from "./request/customResources.ts";
import type { SentUser } from "./request/impersonatedUser.ts";
import type { ParamRealisation } from "./request/paramObjects.ts";
import type { Realisable } from "./request/realisation.ts";
import type { Renamed } from "./request/rename.ts";

export const skipped = (message: string): Answer => ({ answer: "skipped", message });

export interface Work {
  /** The renamed query. */
  readonly query: Query;
  readonly names: ProbeNames;
  readonly r: Realisable;
  /** "probe": to send; "invalid?": not sendable, but its subject's validity is still asked; "done": answered. */
  state: "probe" | "invalid?" | "done";
  answer: Answer;
  stored?: Record<string, unknown>;
  /** The user the request is sent as (impersonatedUser.ts). */
  readonly user: SentUser;
  /** The query's unique names, put back into the server's messages. */
  readonly renamed: Pick<Renamed, "namespaces" | "names">;
  /** The CRD the request's resource is realised as, if custom. */
  readonly crd?: CustomResource;
  /** Its namespaces are shared with other queries of the run (created once, removed when the run closes). */
  readonly sharedNamespaces?: boolean;
  /** The query's params as realised, if it has any; its own param kinds moved into slots of the run's pool (batch/slotWork.ts). */
  params?: ParamRealisation;
  /**
   * Its objects, stored and sent, carry the probe's label, and its probe selects them by it
   * (subject/confinement.ts labelledOnly): a params probe always, any other policy probe where the
   * label changes no verdict (batch/labelConfined.ts).
   */
  readonly labelled?: boolean;
  /**
   * The query whose probe this one's request is read against, when they share it (batch/families.ts):
   * then `names` and the user's tag are that query's, and this one makes no probe of its own.
   */
  readonly probeOf?: Work;
}
