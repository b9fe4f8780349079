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
import { followFirsts, queryFamily, shareProbes } from "./families.ts";
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

const prepared = (qs: readonly Query[]): Work[] =>
  qs.map((q, i) =>
    prepare(q, { runId: "r", batch: "1", id: String(i + 1) }, "1.37", [
      "ValidatingAdmissionPolicy",
      "MatchResources",
      "ValidatingWebhook",
    ]),
  );

describe("shareProbes", () => {
  const queries = [
    named(policy, "a"), // 1: first of its family
    named(policy, "b"), // 2: shares 1's probe
    named(policy, "c", "UPDATE"), // 3: stores its old object: its own probe
    named(webhook, "d"), // 4: a webhook: its own
    named(webhook, "e"), // 5: a webhook: its own
    named(otherCluster, "f"), // 6: another cluster: its own
    named(matchEverything, "g"), // 7: another subject: its own
    named(policy, "h"), // 8: shares 1's probe
  ];
  const work = shareProbes(prepared(queries));

  it("reads each member against its family's first probe, and keeps everyone else's", () => {
    expect(work.map((w) => w.state)).toEqual(Array(8).fill("probe"));
    expect(work.map((w) => w.probeOf?.names.id)).toEqual([
      undefined,
      "1",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      "1",
    ]);
    expect(work.map((w) => w.names.id)).toEqual(["1", "1", "3", "4", "5", "6", "7", "1"]);
  });

  it("sends a member with its first's tag and its own request, user and names", () => {
    const [first, , , , , , , member] = work as [Work, ...Work[]] & { 7: Work };
    expect(member.user.impersonation.extra?.[probeExtraKey]).toEqual([webhookTag(first.names)]);
    expect(member.user.impersonation.user).toBe(first.user.impersonation.user);
    expect(member.query.request.name).toBe("h");
    expect(member.query.subject).toEqual(first.query.subject);
  });

  it("answers a member as its first when the subject is invalid, skipped when the first failed otherwise, and leaves it when the probe is made", () => {
    const run = (leader: Partial<Pick<Work, "state" | "answer">>) => {
      const ws = shareProbes(prepared([named(policy, "a"), named(policy, "b")]));
      Object.assign(ws[0] as Work, leader);
      followFirsts(ws);
      return ws[1] as Work;
    };
    const invalid = { answer: "outcome", outcome: { outcome: "invalid", message: "spec.x: Invalid value" } } as const;
    expect(run({ state: "done", answer: invalid })).toMatchObject({ state: "done", answer: invalid });
    const failed = run({ state: "done", answer: skipped("setting up the request failed: boom") });
    expect(failed.state).toBe("done");
    expect(failed.answer).toEqual(
      skipped(expect.stringContaining("setting up the request failed: boom") as unknown as string),
    );
    expect(run({}).state).toBe("probe");
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
