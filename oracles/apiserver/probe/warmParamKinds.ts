// The custom param kinds a run is going to ask about, made ready before its first batch. A kind
// the run's queries share is a CRD of the run's own group (request/paramObjects.ts), which the
// admission plugin resolves only after its RESTMapper's next reset, up to 30 s later
// (awaitParamKinds.ts): the batch that first named such a kind waited that long, holding its other
// queries and the phase behind it (`verify`: the generated phase stood at 0 of 300 for 25 s).
// Made at the start, the wait overlaps the run's first batches. A kind that fails here is simply
// resolved again by the first batch that needs it.
import type { CustomKind } from "../../contract/cluster.ts";
import type { ParamKind } from "../../contract/kube.ts";
import type { CustomResource } from "../request/customResources.ts";
import { canBeCrd, customKindCrd } from "../request/paramObjects.ts";

export interface WarmRun {
  readonly runId: string;
  readonly ensureCrd: (c: CustomResource) => Promise<void>;
  readonly resolveParamKinds: (batch: string, kinds: readonly ParamKind[]) => Promise<void>;
  /** Removes what the warm-up's check left (its policies and bindings, labelled with `batch`). */
  readonly cleanUp: (batch: string) => Promise<void>;
  readonly log: (line: string) => void;
}

/** The batch name the warm-up's check is labelled with. */
export const warmBatch = "warm";

/** The shared CRDs of `kinds` (distinct, those a CRD can serve), made and resolved; never rejects. */
export async function warmParamKinds(run: WarmRun, kinds: readonly CustomKind[]): Promise<void> {
  const distinct = new Map<string, CustomKind>();
  for (const k of kinds) if (canBeCrd(k)) distinct.set(JSON.stringify([k.apiVersion, k.kind, k.scope]), k);
  if (distinct.size === 0) return;
  const crds = [...distinct.values()].map((k) => customKindCrd(k, run.runId));
  try {
    await Promise.all(crds.map((c) => run.ensureCrd(c)));
    await run.resolveParamKinds(
      warmBatch,
      crds.map((c) => ({ apiVersion: `${c.realGroup}/${c.versions[0]}`, kind: c.kind })),
    );
  } catch (e) {
    run.log(`warming the param kinds up: ${(e as Error).message} (the batches that need them resolve them)`);
  } finally {
    await run.cleanUp(warmBatch).catch((e: Error) => run.log(`cleanup of the param kinds' warm-up: ${e.message}`));
  }
}
