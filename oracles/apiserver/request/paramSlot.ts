// A query's own param CRD (paramObjects.ts: a cluster-scoped kind with param objects) moved into a
// slot of the run's pool (controlPlane/paramSlots.ts): the same CRD in the slot's group, which its
// params, its paramKind and the group put back into the server's messages all follow.
import { createHash } from "node:crypto";
import type { ParamKind } from "../../contract/kube.ts";
import type { CustomResource } from "./customResources.ts";
import type { ParamRealisation } from "./paramObjects.ts";

/** The group of the run's slot `index` for a kind, derived from the run, the slot and the kind as the case states it. */
export function slotGroup(runId: string, index: number, crd: CustomResource): string {
  const stated = [`${crd.group}/${crd.versions[0]}`, crd.kind, crd.namespaced ? "Namespaced" : "Cluster"];
  const h = createHash("sha256")
    .update(JSON.stringify([runId, "slot", index, ...stated]))
    .digest("hex")
    .slice(0, 8);
  return `g${h}.${crd.group}`;
}

/** `p` with its CRD of the realised group `from` made in the group `to`. */
export function inSlot(p: ParamRealisation, from: string, to: string): ParamRealisation {
  const group = (g: string) => (g === from ? to : g);
  const apiVersion = (v: string) => (v.startsWith(`${from}/`) ? `${to}${v.slice(from.length)}` : v);
  const path = (x: string) => (x.startsWith(`/apis/${from}/`) ? `/apis/${to}/${x.slice(`/apis/${from}/`.length)}` : x);
  return {
    ...p,
    crds: p.crds.map((c) => ({ ...c, realGroup: group(c.realGroup) })),
    objects: p.objects.map((o) => ({
      path: path(o.path),
      body: { ...o.body, apiVersion: apiVersion(String(o.body.apiVersion)) },
    })),
    ...(p.paramKind && { paramKind: movedKind(p.paramKind, apiVersion) }),
    groups: p.groups.map(([stated, real]) => [stated, group(real)] as const),
    own: p.own.map(group),
  };
}

const movedKind = (k: ParamKind, apiVersion: (v: string) => string): ParamKind =>
  k.apiVersion === undefined ? k : { ...k, apiVersion: apiVersion(k.apiVersion) };
