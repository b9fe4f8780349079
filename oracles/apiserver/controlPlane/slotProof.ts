// A param slot's life on the server (paramSlots.ts keeps the pool): made with its CRD and permanent
// sentinel (probe/slotSentinel.ts) and proven empty, and emptied again after each query.

import type { MutatingPolicyVersion } from "../probe/names.ts";
import { admissionCollection, atServedVersion } from "../probe/names.ts";
import type { SlotSentinel } from "../probe/slotSentinel.ts";
import { provesEmpty, provesHeld, slotMark, slotSentinel } from "../probe/slotSentinel.ts";
import type { CustomResource } from "../request/customResources.ts";
import type { KubeHttp } from "./kubeHttp.ts";
import { must, ok, statusMessage } from "./kubeHttp.ts";
import { sleep } from "./sleep.ts";

export interface ParamSlot {
  /** The query's CRD as made in the slot's group. */
  readonly crd: CustomResource;
  readonly key: string;
  /** None for a slot whose kind no policy names (only its params are stored): no informer reads it. */
  readonly sentinel?: SlotSentinel;
}

export interface SlotRun {
  readonly http: KubeHttp;
  readonly runId: string;
  readonly mutatingVersion: MutatingPolicyVersion;
  /** MutatingAdmissionPolicy is served: a slot's kind may be a mutating policy's paramKind too. */
  readonly mutatingServed: boolean;
  readonly ensureCrd: (c: CustomResource) => Promise<void>;
  /** How long a slot may take to be proven empty, ms; a new slot's kind waits for the RESTMapper's reset too. */
  readonly timeoutMs: number;
}

/** The RESTMapper's reset interval, which a new slot's kind may wait for besides the timeout. */
const resetMs = 30_000;

/** Makes the slot: its CRD served, its sentinel created, the plugins' informers of its kind proven empty. */
export async function makeSlot(run: SlotRun, slot: ParamSlot): Promise<void> {
  await run.ensureCrd(slot.crd);
  if (slot.sentinel === undefined) return;
  for (const o of slot.sentinel.objects)
    must(
      await run.http.call("POST", admissionCollection(o.what, run.mutatingVersion), {
        body: atServedVersion(o.what, o.body, run.mutatingVersion),
      }),
      "a param slot's sentinel",
    );
  await awaitSentinel(run.http, slot.sentinel, slot.crd, "empty", run.timeoutMs + resetMs);
}

/** A slot for `crd` (its group replaced by `group`), numbered `index` in the run; `reads`: its kind is its queries' paramKind. */
export function newSlot(
  run: SlotRun,
  crd: CustomResource,
  o: { group: string; index: number; reads: boolean; key: string },
): ParamSlot {
  const made = { ...crd, realGroup: o.group };
  const kind = { apiVersion: `${o.group}/${made.versions[0]}`, kind: made.kind };
  return {
    crd: made,
    key: o.key,
    ...(o.reads && { sentinel: slotSentinel(run.runId, o.index, kind, run.mutatingServed) }),
  };
}

/**
 * Deletes the slot's params and waits until its informers hold none. An informer seen empty may
 * not have seen a create yet, which a delete would follow: the mark, stored after the deletions,
 * seen, deleted and seen gone, tells that every event before it is in (a watch delivers one
 * resource's events in order).
 */
export async function emptySlot(run: SlotRun, slot: ParamSlot): Promise<void> {
  const c = slot.crd;
  const path = `/apis/${c.realGroup}/${c.versions[0]}/${c.plural}`;
  const mark = { apiVersion: `${c.realGroup}/${c.versions[0]}`, kind: c.kind, metadata: { name: slotMark } };
  must(await run.http.call("DELETE", path), "deleting a param slot's params");
  const s = slot.sentinel;
  if (s === undefined) return;
  must(await run.http.call("POST", path, { body: mark }), "a param slot's mark");
  await awaitSentinel(run.http, s, c, "marked", run.timeoutMs);
  must(await run.http.call("DELETE", `${path}/${slotMark}`), "deleting a param slot's mark");
  await awaitSentinel(run.http, s, c, "empty", run.timeoutMs);
}

/** Asks the slot's sentinel until every plugin's informer of its kind is proven empty, or to hold the mark. */
async function awaitSentinel(
  http: KubeHttp,
  sentinel: SlotSentinel,
  crd: CustomResource,
  state: "empty" | "marked",
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const check of sentinel.checks) {
    for (let tries = 0; ; tries++) {
      const r = await http.call("POST", "/api/v1/namespaces/default/configmaps", {
        query: { dryRun: "All" },
        impersonate: `mc-slot:${check.policy}`,
        body: check.body,
      });
      if (state === "empty" ? provesEmpty(r, check.policy) : provesHeld(r, check.plugin, slotMark)) break;
      if (Date.now() > deadline)
        throw new Error(
          `the param slot ${crd.plural}.${crd.realGroup} was not proven ${state} in time: ${ok(r) ? "allowed" : statusMessage(r)}`,
        );
      // Soon after a write, the informer's watch; a new kind waits for the RESTMapper's reset.
      await sleep(Math.min(500, 50 * 2 ** tries));
    }
  }
}
