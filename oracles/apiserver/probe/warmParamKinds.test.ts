// The run's shared custom param kinds, made and resolved before the first batch: the same CRDs and
// kinds the batches then ask for (so that their resolver finds them done), each once, and a failure
// that only logs.
import { describe, expect, it } from "vitest";
import type { CustomKind } from "../../contract/cluster.ts";
import type { ParamKind } from "../../contract/kube.ts";
import type { CustomResource } from "../request/customResources.ts";
import { realiseParams } from "../request/paramObjects.ts";
import { mutatingParamQueries } from "../testQueries.ts";
import type { WarmRun } from "./warmParamKinds.ts";
import { warmBatch, warmParamKinds } from "./warmParamKinds.ts";

// A query of the run sharing its custom kind Limits (namespaced), and that kind.
const sharing = mutatingParamQueries[0] as (typeof mutatingParamQueries)[number];
const limits = sharing.cluster.customKinds?.[0] as CustomKind;

function fakeRun(fail?: string) {
  const made: CustomResource[] = [];
  const resolved: Array<{ batch: string; kinds: readonly ParamKind[] }> = [];
  const cleaned: string[] = [];
  const logged: string[] = [];
  const run: WarmRun = {
    runId: "r1",
    ensureCrd: async (c) => {
      made.push(c);
    },
    resolveParamKinds: async (batch, kinds) => {
      resolved.push({ batch, kinds });
      if (fail !== undefined) throw new Error(fail);
    },
    cleanUp: async (batch) => {
      cleaned.push(batch);
    },
    log: (l) => logged.push(l),
  };
  return { run, made, resolved, cleaned, logged };
}

describe("warmParamKinds", () => {
  it("makes and resolves the very CRD and kind a batch of the run asks for, each kind once", async () => {
    const f = fakeRun();
    const cluster: CustomKind = { apiVersion: "example.com/v1", kind: "ClusterLimits", scope: "Cluster" };
    await warmParamKinds(f.run, [limits, cluster, limits, { ...limits, kind: "not-a-kind" }]);
    const batch = realiseParams(sharing, new Map([["bystand", "mc-r1-1-bystand"]]), "r1", "r1-q1");
    if (!batch.ok) throw new Error(batch.why);
    expect(f.made).toHaveLength(2);
    expect(f.made[0]).toEqual(batch.p.crds[0]);
    expect(f.resolved).toEqual([
      {
        batch: warmBatch,
        kinds: [
          { apiVersion: batch.p.paramKind?.apiVersion, kind: "Limits" },
          { apiVersion: `${f.made[1]?.realGroup}/v1`, kind: "ClusterLimits" },
        ],
      },
    ]);
    expect(f.cleaned).toEqual([warmBatch]);
  });

  it("does nothing for no kind a CRD can serve", async () => {
    const f = fakeRun();
    await warmParamKinds(f.run, [{ apiVersion: "example.com", kind: "Limits", scope: "Namespaced" }]);
    expect([f.made, f.resolved, f.cleaned]).toEqual([[], [], []]);
  });

  it("logs a failure, cleans up and resolves all the same", async () => {
    const f = fakeRun("the param kinds of batch warm were not resolved in time");
    await expect(warmParamKinds(f.run, [limits])).resolves.toBeUndefined();
    expect(f.logged.join("\n")).toMatch(/not resolved in time \(the batches that need them resolve them\)/);
    expect(f.cleaned).toEqual([warmBatch]);
  });
});
