// A probe request on a custom resource whose CRD's schema the server has not learnt yet (its
// mutating policy plugin answers 503) is asked again until it is answered, the wait told; one
// still unanswered when the wait runs out is skipped, saying it waited.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { prepare } from "../batch/prepareQuery.ts";
import type { KubeHttp, Reply } from "../controlPlane/kubeHttp.ts";
import { probeAnnotation, webhookTag } from "./names.ts";
import { sendProbe } from "./sendProbe.ts";

const tenants = { group: "example.com", version: "v1", resource: "tenants" };
const tenant = { group: "example.com", version: "v1", kind: "Tenant" };

/** A MutatingAdmissionPolicy matching every CREATE, on a cluster-scoped custom resource's create. */
const query: Query = {
  kubernetesVersion: "1.37",
  subject: {
    kind: "MutatingAdmissionPolicy",
    policy: {
      failurePolicy: "Fail",
      matchConstraints: {
        resourceRules: [{ operations: ["CREATE"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
      },
    },
    binding: {},
  },
  cluster: {},
  request: {
    operation: "CREATE",
    resource: tenants,
    kind: tenant,
    name: "acme",
    object: { apiVersion: "example.com/v1", kind: "Tenant", metadata: { name: "acme" } },
  },
};

const names = { runId: "r", batch: "1", id: "q1" };

const notLearnt: Reply = {
  status: 503,
  body: {
    message:
      "Resource kind gabc.example.com/v1, Kind=Tenant not found. There can be a delay between when CustomResourceDefinitions are created and when they are available.",
  },
  text: "",
  warnings: [],
};

/** The object the probe's mutation annotated: the policy matched the request as sent. */
const mutated = (group: string): Reply => {
  const mark = `mc|${webhookTag(names)}|${group}/v1/tenants|${group}/v1/Tenant`;
  return { status: 201, body: { metadata: { annotations: { [probeAnnotation]: mark } } }, text: "", warnings: [] };
};

/** A server whose first `busy` replies to the probe request are the 503 of a schema not learnt. */
function server(busy: number) {
  let sent = 0;
  const http = {
    async call(_method: string, path: string): Promise<Reply> {
      sent++;
      return sent <= busy ? notLearnt : mutated(path.split("/")[2] as string);
    },
  } as unknown as KubeHttp;
  return { http, sent: () => sent };
}

/** The query prepared as a batch would, and the waits sendProbe tells. */
function probe() {
  const w = prepare(query, names, "1.37", ["MutatingAdmissionPolicy"]);
  const waits: number[] = [];
  return { w, waits, wait: { timeoutMs: 800, waited: (ms: number) => waits.push(ms) } };
}

describe("sendProbe while the server has not learnt a new CRD's schema", () => {
  it("asks again until the server decides, and tells how long it waited", async () => {
    const { http, sent } = server(2);
    const { w, waits, wait } = probe();
    await sendProbe(http, w, wait);
    expect(w.answer).toMatchObject({ answer: "outcome", outcome: { outcome: "match" } });
    expect(sent()).toBe(3);
    expect(waits).toHaveLength(1);
  });

  it("sends once and tells no wait when the first reply decides", async () => {
    const { http, sent } = server(0);
    const { w, waits, wait } = probe();
    await sendProbe(http, w, wait);
    expect(w.answer).toMatchObject({ answer: "outcome", outcome: { outcome: "match" } });
    expect([sent(), waits.length]).toEqual([1, 0]);
  });

  it("skips the query once the wait runs out, saying it waited", async () => {
    const { http } = server(Number.POSITIVE_INFINITY);
    const { w, waits, wait } = probe();
    await sendProbe(http, w, wait);
    expect(w.answer).toMatchObject({
      answer: "skipped",
      message: expect.stringMatching(
        /^the probe failed with HTTP 503 after waiting for the server to learn its CRD's schema: asked again for [\d.]+ s, Resource kind/,
      ),
    });
    expect(waits).toHaveLength(1);
  });
});
