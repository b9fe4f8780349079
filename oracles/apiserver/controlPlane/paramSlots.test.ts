// The run's pool of param slots against a fake server whose informers hold what is stored: a slot
// goes to one query at a time, is handed out again only once its sentinel proves it empty, and is
// dropped when it cannot be; the queries waiting share the slots a wave makes, and a kind read by
// policies has its first wave made ahead of need.
import { describe, expect, it } from "vitest";
import type { CustomResource } from "../request/customResources.ts";
import type { CallOptions, KubeHttp, Reply } from "./kubeHttp.ts";
import { paramSlots } from "./paramSlots.ts";

const crd: CustomResource = {
  group: "example.com",
  realGroup: "gquery.example.com",
  plural: "clusterlimitss",
  kind: "ClusterLimits",
  versions: ["v1"],
  namespaced: false,
  status: false,
};

type Body = {
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: { paramKind?: { apiVersion: string } };
};

/** `stuck`: a group whose informer never sees a deletion. */
function server(o: { stuck?: (group: string) => boolean } = {}) {
  const stored = new Map<string, Set<string>>(); // group -> param names
  const kindOf = new Map<string, string>(); // sentinel policy -> group
  let crds = 0;
  const reply = (status: number, body: unknown = {}, warnings: string[] = []): Reply => ({
    status,
    body,
    text: JSON.stringify(body),
    warnings,
  });
  const http = {
    async call(method: string, path: string, c: CallOptions = {}): Promise<Reply> {
      const body = (c.body ?? {}) as Body;
      if (path.endsWith("/customresourcedefinitions")) crds++;
      if (method === "POST" && path.endsWith("admissionpolicies")) {
        const g = body.spec?.paramKind?.apiVersion.split("/")[0] as string;
        kindOf.set(body.metadata?.name as string, g);
      }
      const custom = /^\/apis\/(g[^/]*)\/v1\/clusterlimitss(?:\/(.+))?$/.exec(path);
      if (custom) {
        const g = custom[1] as string;
        const names = stored.get(g) ?? new Set<string>();
        stored.set(g, names);
        if (method === "POST") names.add(body.metadata?.name as string);
        if (method === "DELETE" && !o.stuck?.(g)) {
          if (custom[2] === undefined) names.clear();
          else names.delete(custom[2]);
        }
        return reply(200);
      }
      if (method === "POST" && path.endsWith("/configmaps")) {
        const label = Object.values(body.metadata?.labels ?? {})[0] as string;
        const policy = label.slice(0, -2);
        const names = [...(stored.get(kindOf.get(policy) as string) ?? [])];
        if (names.length === 0)
          return reply(422, {
            message: `ValidatingAdmissionPolicy '${policy}' with binding '${policy}' denied request: failed to configure binding: no params found`,
          });
        if (label.endsWith("-m"))
          return reply(200, {
            metadata: { annotations: Object.fromEntries(names.map((n) => [`matchconform.dev/slot-${n}`, "held"])) },
          });
        // The binding warns only: a validation failing on each param is a warning each.
        const warned = names.map(
          (n) =>
            `Validation failed for ValidatingAdmissionPolicy '${policy}' with binding '${policy}': mc-slot-holds|${n}`,
        );
        return reply(201, {}, warned);
      }
      return reply(201);
    },
  } as unknown as KubeHttp;
  return { http, stored, crds: () => crds, sentinelGroups: () => new Set(kindOf.values()).size };
}

const pool = (http: KubeHttp, made: string[] = []) =>
  paramSlots({
    http,
    runId: "r",
    mutatingVersion: "v1",
    mutatingServed: true,
    ensureCrd: async (c) => {
      made.push(c.realGroup);
    },
    timeoutMs: 300,
  });

describe("paramSlots", () => {
  it("hands a released slot out again, emptied, and never to two queries at once", async () => {
    const { http, stored } = server();
    const slots = pool(http);
    const [a, b] = await Promise.all([slots.acquire(crd, true), slots.acquire(crd, true)]);
    expect(a?.crd.realGroup).not.toBe(b?.crd.realGroup);
    if (a === undefined) throw new Error("no slot");
    await slots.settled(); // the slots made ahead are on the shelf before a is put back on top
    stored.get(a.crd.realGroup)?.add("gold");
    await slots.release(a);
    expect([...(stored.get(a.crd.realGroup) ?? [])]).toEqual([]);
    expect(await slots.acquire(crd, true)).toBe(a);
  });

  it("makes a slot for each query waiting at once, each its own", async () => {
    const { http } = server();
    const slots = pool(http);
    const got = await Promise.all([1, 2, 3].map(() => slots.acquire(crd, true)));
    expect(new Set(got.map((s) => s.crd.realGroup)).size).toBe(3);
  });

  it("keeps slots read by policies apart from slots that only store params", async () => {
    const { http } = server();
    const slots = pool(http);
    const stored = await slots.acquire(crd, false);
    expect(stored.sentinel).toBeUndefined();
    await slots.release(stored);
    const read = await slots.acquire(crd, true);
    expect(read).not.toBe(stored);
    expect(read.sentinel?.checks.map((c) => c.plugin)).toEqual(["v", "m"]);
  });

  it("leaves a slot out of the pool when its params are not proven gone", async () => {
    const { http, stored } = server({ stuck: () => true });
    const slots = pool(http);
    const a = await slots.acquire(crd, true);
    stored.get(a.crd.realGroup)?.add("gold");
    await expect(slots.release(a)).rejects.toThrow(/not proven/);
    expect(await slots.acquire(crd, true)).not.toBe(a);
  });

  it("makes a kind read by policies twice the slots its first queries wait for, so that as many more wait for none", async () => {
    const { http, sentinelGroups } = server();
    const made: string[] = [];
    const slots = pool(http, made);
    const first = await Promise.all(Array.from({ length: 8 }, () => slots.acquire(crd, true)));
    await slots.settled();
    expect([made.length, sentinelGroups()]).toEqual([16, 16]);
    const next = await Promise.all(Array.from({ length: 8 }, () => slots.acquire(crd, true)));
    expect(made).toHaveLength(16);
    expect(new Set([...first, ...next].map((s) => s.crd.realGroup)).size).toBe(16);
  });

  it("makes a kind only stored one slot a query: it waits for no RESTMapper reset", async () => {
    const { http } = server();
    const made: string[] = [];
    const slots = pool(http, made);
    await Promise.all([slots.acquire(crd, false), slots.acquire(crd, false)]);
    await slots.settled();
    expect(made).toHaveLength(2);
  });

  it("makes slots ahead of any query, which the first queries of the kind are handed without a wave", async () => {
    const { http } = server();
    const made: string[] = [];
    const slots = pool(http, made);
    slots.ahead(crd, 4);
    await slots.settled();
    const got = await Promise.all(Array.from({ length: 4 }, () => slots.acquire(crd, true)));
    expect(made).toHaveLength(4);
    expect(got.every((s) => s.sentinel !== undefined)).toBe(true);
  });
});
