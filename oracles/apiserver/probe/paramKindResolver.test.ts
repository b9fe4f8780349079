// The run's memory of resolved param kinds: a kind is checked once per run, concurrent batches
// share its check, a failed check is tried again, and each check names only the kinds not yet seen.
import { describe, expect, it } from "vitest";
import type { ParamKind } from "../../contract/kube.ts";
import type { CallOptions, KubeHttp, Reply } from "../controlPlane/kubeHttp.ts";
import { paramKindResolver } from "./awaitParamKinds.ts";

const kind = (k: string): ParamKind => ({ apiVersion: "example.com/v1", kind: k });

/** A server that records the kind checks' policies and answers their request with the check's warning (or never, `failing`). */
function server(o: { failing?: boolean } = {}) {
  const checked: string[][] = [];
  let pending: string[] = [];
  const http = {
    async call(method: string, path: string, c: CallOptions = {}): Promise<Reply> {
      const body = c.body as { spec?: { paramKind?: ParamKind }; metadata?: { name?: string } };
      if (path.endsWith("/validatingadmissionpolicies")) {
        const k = body.spec?.paramKind?.kind;
        if (k !== undefined) pending.push(k);
        else {
          checked.push(pending);
          pending = [];
        }
      }
      const batch = /kinds-(\d+)$/.exec(String(c.impersonate ?? ""))?.[1];
      const warnings = method === "POST" && path.endsWith("/configmaps") && !o.failing ? [`mc-kinds|${batch}`] : [];
      return { status: 201, body: {}, text: "{}", warnings };
    },
  } as unknown as KubeHttp;
  return { http, checked };
}

describe("paramKindResolver", () => {
  it("checks each kind once per run: a later batch with known kinds asks nothing, with a new one asks for it alone", async () => {
    const { http, checked } = server();
    const resolve = paramKindResolver(http, "r1", 1000);
    await resolve("1", [kind("A"), kind("B")]);
    await resolve("2", [kind("B"), kind("A")]);
    await resolve("3", [kind("A"), kind("C")]);
    expect(checked).toEqual([["A", "B"], ["C"]]);
  });

  it("lets concurrent batches share one check of a kind", async () => {
    const { http, checked } = server();
    const resolve = paramKindResolver(http, "r1", 1000);
    await Promise.all([resolve("1", [kind("A")]), resolve("2", [kind("A")])]);
    expect(checked).toEqual([["A"]]);
  });

  it("fails the batches that wait on a check that failed, and checks the kind again for the next", async () => {
    const failing = server({ failing: true });
    const resolve = paramKindResolver(failing.http, "r1", 150);
    await expect(resolve("1", [kind("A")])).rejects.toThrow(/were not resolved in time/);
    await expect(resolve("2", [kind("A")])).rejects.toThrow(/were not resolved in time/);
    expect(failing.checked).toEqual([["A"], ["A"]]);
  });
});
