// Which queries of a batch share a probe (one subject and cluster, nothing of their own stored,
// no params, not webhooks), how a member is read against its first's probe, and what a member
// answers when that probe was not made.
import { describe, expect, it } from "vitest";
import type { Query } from "../../contract/query.ts";
import { probeExtraKey, webhookTag } from "../probe/names.ts";
import { matchEverything } from "../testQueries.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { Batcher } from "./batcher.ts";
import { familyProbes, familyRenames, followProbes, queryFamily, shareProbes } from "./families.ts";
import { prepare } from "./prepareQuery.ts";

const named = (q: Query, name: string, operation: "CREATE" | "UPDATE" = "CREATE"): Query => ({
  ...q,
  request: {
    ...q.request,
    operation,
    name,
    object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "bystand" } },
    ...(operation === "UPDATE" && {
      oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: "bystand" } },
    }),
  },
});
const policy: Query = {
  ...matchEverything,
  subject: {
    kind: "ValidatingAdmissionPolicy",
    policy: {
      matchConstraints: {
        resourceRules: [{ operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
      },
    },
    binding: {},
  },
};
const webhook: Query = {
  ...matchEverything,
  subject: { kind: "ValidatingWebhook", webhook: { rules: [] } },
};
const otherCluster: Query = { ...policy, cluster: { namespaces: { bystand: { team: "a" } } } };

const kinds = ["ValidatingAdmissionPolicy", "MatchResources", "ValidatingWebhook"] as const;
const prepared = (qs: readonly Query[]): Work[] => {
  const ids = qs.map((_, i) => String(i + 1));
  const renames = familyRenames(qs, ids);
  return qs.map((q, i) => prepare(q, { runId: "r", batch: "1", id: ids[i] as string }, "1.37", kinds, renames[i]));
};

describe("shareProbes", () => {
  const queries = [
    named(policy, "a"), // 1: family A (creates, the run's shared namespaces)
    named(policy, "b"), // 2: family A
    named(policy, "c", "UPDATE"), // 3: family B (stores c, namespaces renamed as 3's)
    named(webhook, "d"), // 4: a webhook: its own
    named(webhook, "e"), // 5: a webhook: its own
    named(otherCluster, "f"), // 6: another cluster: its own
    named(matchEverything, "g"), // 7: another subject: its own
    named(policy, "h"), // 8: family A
    named(policy, "i", "UPDATE"), // 9: family B (stores i beside c)
    named(policy, "c", "UPDATE"), // 10: stores c too: renamed apart, alone
    named(policy, "c"), // 11: creates c, which 3 and 10 store: renamed apart, yet family A (it stores nothing, in the run's shared namespaces)
  ];
  const work = shareProbes(prepared(queries));

  it("renames a family's storing queries as one, apart where they would store one object", () => {
    expect(
      familyRenames(
        queries,
        queries.map((_, i) => String(i + 1)),
      ),
    ).toEqual(["1", "1", "1", "4", "5", "6", "7", "1", "1", "10", "11"]);
    expect(work[8]?.query.request.namespace).toBe(work[2]?.query.request.namespace);
    expect(work[9]?.query.request.namespace).not.toBe(work[2]?.query.request.namespace);
  });

  it("reads each family's members against one probe made for it, and keeps everyone else's", () => {
    expect(work.map((w) => w.state)).toEqual(Array(11).fill("probe"));
    expect(work.map((w) => w.probeOf?.names.id)).toEqual([
      "1",
      "1",
      "3",
      undefined,
      undefined,
      undefined,
      undefined,
      "1",
      "3",
      undefined,
      "1",
    ]);
    const probes = familyProbes(work);
    expect(probes.map((p) => p.names.id)).toEqual(["1", "3"]);
    expect(probes.every((p) => !work.includes(p))).toBe(true);
    expect(work.map((w) => w.names.id)).toEqual(["1", "1", "3", "4", "5", "6", "7", "1", "3", "10", "1"]);
  });

  it("sends a member with its probe's tag and its own request, user and subject", () => {
    const first = work[0] as Work;
    const member = work[7] as Work;
    expect(member.user.impersonation.extra?.[probeExtraKey]).toEqual([webhookTag(first.names)]);
    expect(member.user.impersonation.user).toBe(first.user.impersonation.user);
    expect(member.query.request.name).toBe("h");
    expect(member.query.subject).toEqual(first.query.subject);
  });

  it("answers a member as its probe when the subject is invalid, skipped when the probe failed otherwise, and leaves it when made", () => {
    const run = (probe: Partial<Pick<Work, "state" | "answer">>) => {
      const ws = shareProbes(prepared([named(policy, "a"), named(policy, "b")]));
      Object.assign(familyProbes(ws)[0] as Work, probe);
      followProbes(ws);
      return ws;
    };
    const invalid = { answer: "outcome", outcome: { outcome: "invalid", message: "spec.x: Invalid value" } } as const;
    expect(run({ state: "done", answer: invalid }).map((w) => w.answer)).toEqual([invalid, invalid]);
    const failed = run({ state: "done", answer: skipped("creating the probe failed with HTTP 500: boom") });
    expect(failed.map((w) => w.state)).toEqual(["done", "done"]);
    expect(failed.every((w) => w.answer.answer === "skipped" && w.answer.message.includes("HTTP 500: boom"))).toBe(
      true,
    );
    expect(run({}).map((w) => w.state)).toEqual(["probe", "probe"]);
  });
});

describe("the batcher with families", () => {
  it("takes the queries waiting for a batch family by family, in the order each family's first came", async () => {
    // The first batch is taken once three wait; the next six wait for it, as a run's queries do.
    const qs = ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((n, i) =>
      named([policy, webhook, otherCluster][i % 3] as Query, n),
    );
    const seen: string[][] = [];
    const b = new Batcher({
      batchSize: 3,
      delayMs: 0,
      width: 1,
      familyKey: queryFamily,
      run: async (items) => {
        seen.push(items.map((it) => it.query.request.name ?? ""));
        await new Promise((r) => setImmediate(r));
        for (const it of items) it.resolve(skipped("x"));
      },
    });
    await Promise.all(qs.map((q) => b.add(q)));
    expect(seen).toEqual([
      ["a", "b", "c"],
      ["d", "g", "e"],
      ["h", "f", "i"],
    ]);
  });
});
