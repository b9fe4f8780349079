// A batch's queries with param kinds of their own, each such kind moved into a slot of the run's
// pool (controlPlane/paramSlots.ts) for the batch's time; a query no slot could be had for is skipped.
import type { ParamSlot, ParamSlots } from "../controlPlane/paramSlots.ts";
import { inSlot } from "../request/paramSlot.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";

/** Moves the own param kinds of `work` into slots; the slots taken are pushed onto `taken`. */
export async function inSlots(slots: ParamSlots, work: readonly Work[], taken: ParamSlot[]): Promise<void> {
  await Promise.all(
    work.map(async (w): Promise<void> => {
      const p = w.params;
      if (w.state === "done" || p === undefined || p.own.length === 0) return;
      let params = p;
      try {
        for (const own of p.own) {
          const crd = p.crds.find((c) => c.realGroup === own);
          if (crd === undefined) continue;
          // A kind that is not the paramKind is only stored: no policy reads it.
          const reads = p.paramKind?.apiVersion?.startsWith(`${own}/`) === true;
          const slot = await slots.acquire(crd, reads);
          taken.push(slot);
          params = inSlot(params, own, slot.crd.realGroup);
        }
      } catch (e) {
        w.state = "done";
        w.answer = skipped(`no param slot could be had: ${(e as Error).message}`);
        return;
      }
      w.params = params;
    }),
  );
}

/** Frees the batch's slots, each once its params are proven gone; a slot that is not is left out of the pool. */
export async function releaseSlots(
  slots: ParamSlots,
  taken: readonly ParamSlot[],
  log: (line: string) => void,
): Promise<void> {
  await Promise.all(
    taken.map((s) => slots.release(s).catch((e: Error) => log(`a param slot left out of the pool: ${e.message}`))),
  );
}
