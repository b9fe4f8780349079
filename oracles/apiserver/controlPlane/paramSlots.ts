// The run's pool of param slots. A cluster-scoped param kind with param objects is a CRD of the
// query's own (request/paramObjects.ts), and kube-apiserver's admission RESTMapper learns a new
// CRD only when it is reset, every 30 s (k8s.io/apiserver v0.37.2 pkg/server/options/admission.go):
// a CRD per query made most batches wait for it. A slot is such a CRD made once per run and handed
// to one query at a time, its kind resolved once; it is handed out again only after its params
// are deleted and its sentinel proves the plugins' informers hold none (slotProof.ts).
import type { CustomResource } from "../request/customResources.ts";
import { slotGroup } from "../request/paramSlot.ts";
import type { ParamSlot, SlotRun } from "./slotProof.ts";
import { emptySlot, makeSlot, newSlot } from "./slotProof.ts";

export type { ParamSlot, SlotRun } from "./slotProof.ts";

export interface ParamSlots {
  /**
   * A slot for a query's own CRD, empty; `reads`, the CRD's kind is the query's paramKind: then
   * resolved, and no param in the plugins' informers of it (a slot is made so once per run).
   */
  acquire(crd: CustomResource, reads: boolean): Promise<ParamSlot>;
  /** Empties the slot and hands it on; a slot not proven empty is never handed out again. */
  release(slot: ParamSlot): Promise<void>;
  /**
   * Makes `n` slots of a kind read by policies before any query asks for one (a kind the run's
   * queries are likely to read), so that their RESTMapper reset passes during the run's other work.
   */
  ahead(crd: CustomResource, n: number): void;
  /** Waits until no slot is in the making (one made ahead has no batch waiting for it), so that nothing is written after the run's clean-up. */
  settled(): Promise<void>;
}

/** Slots made at most at once for one kind: a wave of new ones waits for one RESTMapper reset. */
const maxWave = 16;

interface Shelf {
  readonly free: ParamSlot[];
  readonly waiting: Array<{ take: (s: ParamSlot) => void; fail: (e: Error) => void }>;
  made: number;
  making: number;
}

export function paramSlots(run: SlotRun): ParamSlots {
  const shelves = new Map<string, Shelf>();
  const making = new Set<Promise<void>>();
  let next = 0;
  const handOn = (shelf: Shelf, slot: ParamSlot) => {
    const w = shelf.waiting.shift();
    if (w === undefined) shelf.free.push(slot);
    else w.take(slot);
  };
  /**
   * Makes slots for the queries waiting that no slot in the making will serve, and as many again as
   * there are (at most maxWave). A kind read by policies makes that second wave ahead, with its
   * first: while none of its slots is made, twice the queries waiting (at most maxWave more), which
   * wait for the same RESTMapper reset as the first queries' own instead of a later one that
   * blocks a params probe (verify's generated params, three batches in flight: ClusterLimits grew
   * to 8 slots, then to 16 a wave later, the batch that started it waiting 12 s, and no further).
   * A kind only stored waits for no reset: its slots are made as asked.
   */
  const grow = (shelf: Shelf, crd: CustomResource, reads: boolean, key: string) => {
    const waiting = shelf.waiting.length;
    const ahead = reads && shelf.made === 0 ? Math.min(waiting, maxWave) : 0;
    const short = waiting + ahead - shelf.making;
    if (short <= 0) return;
    make(shelf, crd, reads, key, ahead > 0 ? short : Math.max(short, Math.min(shelf.made, maxWave)));
  };
  /** Makes `n` slots onto the shelf, each handed to a query waiting or put on it once proven empty. */
  const make = (shelf: Shelf, crd: CustomResource, reads: boolean, key: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const index = next++;
      const slot = newSlot(run, crd, { group: slotGroup(run.runId, index, crd), index, reads, key });
      shelf.making++;
      const made = makeSlot(run, slot).then(
        () => {
          shelf.making--;
          shelf.made++;
          handOn(shelf, slot);
        },
        (e: Error) => {
          shelf.making--;
          // A waiter no slot in the making can serve gives up with the reason.
          if (shelf.waiting.length > shelf.making) shelf.waiting.shift()?.fail(e);
        },
      );
      making.add(made);
      void made.finally(() => making.delete(made));
    }
  };
  /** The shelf of the CRD but for its group, read by policies or not. */
  const shelfOf = (crd: CustomResource, reads: boolean): { shelf: Shelf; key: string } => {
    const key = JSON.stringify([{ ...crd, realGroup: "" }, reads]);
    let shelf = shelves.get(key);
    if (shelf === undefined) {
      shelf = { free: [], waiting: [], made: 0, making: 0 };
      shelves.set(key, shelf);
    }
    return { shelf, key };
  };
  return {
    acquire(crd, reads) {
      const { shelf, key } = shelfOf(crd, reads);
      const ready = shelf.free.pop();
      if (ready !== undefined) return Promise.resolve(ready);
      const s = shelf;
      const got = new Promise<ParamSlot>((take, fail) => s.waiting.push({ take, fail }));
      grow(s, crd, reads, key);
      return got;
    },
    async release(slot) {
      await emptySlot(run, slot);
      const shelf = shelves.get(slot.key);
      if (shelf !== undefined) handOn(shelf, slot);
    },
    ahead(crd, n) {
      const { shelf, key } = shelfOf(crd, true);
      make(shelf, crd, true, key, n);
    },
    async settled() {
      while (making.size > 0) await Promise.all(making);
    },
  };
}
