// The apiserver oracle against a real local kube-apiserver + etcd: the corpus cases it can
// realise agree with their expectations, skips carry reasons, and a bystander sees nothing.
// Needs the binaries (built once, cached): run with MATCHCONFORM_APISERVER=1.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAll } from "../../suites/format/loadAll.ts";
import { slowSuiteGate } from "../../suites/slowSuites.ts";
import { agree, satisfies } from "../contract/agreement.ts";
import type { Outcome } from "../contract/outcome.ts";
import type { Query } from "../contract/query.ts";
import { decide } from "../model/decide.ts";
import type { ApiserverMatcher } from "./apiserverMatcher.ts";
import { leftovers, startApiserverMatcher } from "./apiserverMatcher.ts";
import { KubeHttp } from "./controlPlane/kubeHttp.ts";
import type { ControlPlane } from "./controlPlane/localControlPlane.ts";
import { down } from "./controlPlane/localControlPlane.ts";
import { startTestControlPlane } from "./controlPlane/testControlPlane.ts";
import {
  clusterParamQueries,
  defeatingSubjects,
  familyQueries,
  matchEverything,
  mutatingDelete,
  mutatingParamQueries,
  tenantItemQueries,
} from "./testQueries.ts";

// Runs where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
const enabled = slowSuiteGate("apiserver").runs;
if (!enabled)
  console.log(
    "apiserverMatcher.test.ts: skipped; set MATCHCONFORM_APISERVER=1 to start a local kube-apiserver and run it",
  );

describe.skipIf(!enabled)("the real kube-apiserver as a Matcher", () => {
  let cp: ControlPlane;
  let m: ApiserverMatcher;

  beforeAll(async () => {
    cp = await startTestControlPlane("apiserver-test");
    m = await startApiserverMatcher({ server: cp.server, token: cp.token, caFile: cp.caFile, minor: "1.37" });
  }, 1_800_000);

  afterAll(async () => {
    await m?.close();
    if (cp) await down(cp.stateDir);
  }, 120_000);

  it("agrees with the corpus on every case it can realise", async () => {
    expect(m.info.version).toMatch(/^v1\.37\./);
    const cases = loadAll(["suites/cases"]).filter(
      (c) => c.minors.includes("1.37") && m.subjects.includes(c.subject.kind),
    );
    const results = await Promise.all(
      cases.flatMap((c) =>
        c.tests.map(async (t) => {
          const q: Query = {
            kubernetesVersion: "1.37",
            subject: c.subject,
            cluster: t.cluster ?? c.cluster ?? {},
            request: t.request,
          };
          return {
            where: `${c.file}: ${c.description} / ${t.description}`,
            kind: c.subject.kind,
            t,
            a: await m.match(q),
          };
        }),
      ),
    );
    const decided = results.filter((r) => r.a.answer === "outcome");
    const skips = results.filter((r) => r.a.answer === "skipped");
    for (const s of skips) expect(s.a.answer === "skipped" && s.a.message.length > 10).toBe(true);
    expect(results.filter((r) => r.a.answer === "errored" || r.a.answer === "broken")).toEqual([]);
    const disagreements = decided
      .filter((r) => !(r.a.answer === "outcome" && satisfies(r.t.expected, r.a.outcome)))
      .map((r) => ({ where: r.where, expected: r.t.expected, server: r.a }));
    expect(disagreements).toEqual([]);
    expect(decided.length).toBeGreaterThan(500);
    // Every way of realising a query decides some: each subject kind, CRDs and subresources.
    const count = (f: (r: (typeof decided)[number]) => boolean) => decided.filter(f).length;
    const byKind = Object.fromEntries(
      [
        "MatchResources",
        "ValidatingAdmissionPolicy",
        "MutatingAdmissionPolicy",
        "ValidatingWebhook",
        "MutatingWebhook",
      ].map((k) => [k, count((r) => r.where.length > 0 && r.kind === k)]),
    );
    const least = {
      MatchResources: 100,
      ValidatingAdmissionPolicy: 150,
      MutatingAdmissionPolicy: 25,
      ValidatingWebhook: 90,
      MutatingWebhook: 25,
    };
    for (const [k, n] of Object.entries(least)) expect(byKind[k], k).toBeGreaterThanOrEqual(n);
    const custom = count((r) => r.t.request.resource.group.endsWith("example.com"));
    const subresources = count((r) => (r.t.request.subResource ?? "") !== "");
    const reasons = new Map<string, number>();
    for (const s of skips) if (s.a.answer === "skipped") reasons.set(s.a.message, (reasons.get(s.a.message) ?? 0) + 1);
    console.log(
      [...reasons]
        .sort((a, b) => b[1] - a[1])
        .map(([m, n]) => `${n} × ${m}`)
        .join("\n"),
    );
    const files = /(matchConditions-|userInfo|params-)/;
    console.log(
      `conditions, users and params: decided ${decided.filter((r) => files.test(r.where)).length}, skipped ${skips.filter((r) => files.test(r.where)).length}`,
    );
    console.log(
      `decided ${decided.length}, skipped ${skips.length}; by kind ${JSON.stringify(byKind)}; custom groups ${custom}, subresources ${subresources}`,
    );
    // Deletecollection items (DELETE without a name) and the exempt resources, sent dry-run.
    expect(count((r) => r.t.request.operation === "DELETE" && (r.t.request.name ?? "") === "")).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      count((r) => /^(admissionregistration|authentication|authorization)\.k8s\.io$/.test(r.t.request.resource.group)),
    ).toBeGreaterThanOrEqual(20);
    expect(custom).toBeGreaterThanOrEqual(15);
    expect(subresources).toBeGreaterThanOrEqual(40);
  }, 600_000);

  /** Sends the queries and, while they are in effect, a bystander's request: the warnings it saw. */
  async function withBystander(queries: readonly Query[]) {
    const pending = queries.map((q) => m.match(q));
    const seen: string[] = [];
    const statuses = new Set<number>();
    let done = false;
    const all = Promise.all(pending).finally(() => {
      done = true;
    });
    while (!done) {
      // The admin itself, not impersonated: a client the suite does not own.
      const r = await m.http.call("POST", "/api/v1/namespaces/default/configmaps", {
        query: { dryRun: "All" },
        body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "bystander" } },
      });
      statuses.add(r.status);
      seen.push(...r.warnings);
      await new Promise((r) => setTimeout(r, 20));
    }
    return { answers: await all, seen, statuses: [...statuses] };
  }

  it("leaves a bystander's requests alone while a batch is in effect", async () => {
    const { answers, seen, statuses } = await withBystander(Array.from({ length: 20 }, () => matchEverything));
    expect(answers.every((a) => a.answer === "outcome" && a.outcome.outcome === "match")).toBe(true);
    expect(seen).toEqual([]);
    expect(statuses).toEqual([201]);
  }, 120_000);

  it("leaves a bystander alone under subject conditions that err, hold, or exhaust the cost budget, and params configuration errors, under Fail", async () => {
    const queries = defeatingSubjects;
    const { answers, seen, statuses } = await withBystander(queries);
    expect(seen).toEqual([]);
    expect(statuses).toEqual([201]);
    // The probes' own requests do meet the conditions: each is denied by its own probe, which a
    // policy's message names; a webhook's names neither webhook nor expression when the whole
    // evaluation failed, so the oracle cannot tell it is its probe's and skips.
    const denied = answers.map((a) =>
      a.answer === "outcome" && a.outcome.outcome === "error"
        ? a.outcome.code
        : a.answer === "skipped" && /HTTP 403 .*running out of cost budget/.test(a.message)
          ? "skipped: 403, out of budget"
          : a,
    );
    expect(denied).toEqual(
      queries.map((q) =>
        q.subject.kind === "ValidatingAdmissionPolicy"
          ? 422
          : q.subject.kind === "MutatingAdmissionPolicy"
            ? 403
            : "skipped: 403, out of budget",
      ),
    );
  }, 120_000);

  it("reads the params a mutating policy's mutation ran with, and params of a cluster-scoped kind, as the model decides them", async () => {
    const queries = [...mutatingParamQueries, ...clusterParamQueries];
    const answers = await Promise.all(queries.map((q) => m.match(q)));
    const model = queries.map((q) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome);
    // As a set: a selector's params come in the informer's order.
    const sorted = answers.map((a) =>
      a.answer === "outcome" && a.outcome.outcome === "match" && a.outcome.params
        ? { ...a, outcome: { ...a.outcome, params: [...a.outcome.params].sort() } }
        : a,
    );
    expect(sorted).toEqual(model.map((outcome) => ({ answer: "outcome", outcome })));
    // Not vacuous: a match with two params, one with one, one without, and a noMatch.
    const params = model.map((o) => (o.outcome === "match" ? (o.params ?? []).length : "noMatch"));
    expect(params).toEqual([2, 1, 0, 1, "noMatch", 1, 2, 1, 2, 1]);
  }, 180_000);

  it("asks a mutating policy about a DELETE: its plugin is never handed one, so the probe that would deny is admitted", async () => {
    const q = mutatingDelete;
    expect(decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome).toEqual({ outcome: "noMatch" });
    expect(await m.match(q)).toEqual({ answer: "outcome", outcome: { outcome: "noMatch" } });
  }, 120_000);

  it("decides deletecollection items of a cluster-scoped custom resource named namespaces, asked together, as the model does", async () => {
    const answers = await Promise.all(tenantItemQueries.map((q) => m.match(q)));
    const model = tenantItemQueries.map((q) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome);
    // Each stores an object of its own name (no 409), and each policy's failure on the namespace ""
    // is its own (a CRD group of its query's): read as the model decides it.
    expect(model.map((o) => o.outcome)).toEqual(["error", "error", "match", "error"]);
    const disagreements = answers
      .slice(0, 3)
      .filter((a, i) => !(a.answer === "outcome" && agree(a.outcome, model[i] as Outcome)));
    expect(disagreements).toEqual([]);
    // A webhook's failure there names no webhook: skipped, with the reason.
    const hook = answers[3];
    expect(hook?.answer === "skipped" && hook.message).toMatch(/names no webhook/);
  }, 120_000);

  it("reads each request of a family against the probe it shares as the model decides it", async () => {
    const before = m.stats.sharedProbe;
    const answers = await Promise.all(familyQueries.map((q) => m.match(q)));
    const model = familyQueries.map((q) => decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome);
    const wrong = answers.filter((a, i) => !(a.answer === "outcome" && satisfies(model[i] as never, a.outcome)));
    expect(wrong).toEqual([]);
    // Not vacuous: matches, non-matches and conditions' errors, on creates, updates and deletes.
    const seen = new Set(model.map((o, i) => `${familyQueries[i]?.request.operation} ${o.outcome}`));
    for (const o of [
      "CREATE match",
      "CREATE noMatch",
      "CREATE error",
      "UPDATE match",
      "UPDATE noMatch",
      "DELETE match",
    ])
      expect(seen, o).toContain(o);
    // Shared: each subject's five creates (the run's namespaces), the policies' three updates and
    // deletes (one namespace, each its own object), the mutating policy's two updates; its DELETE
    // probe is another probe (families.ts mutatingDelete), alone; the invalid subject's requests
    // are answered by its probe's 422, not read.
    expect(m.stats.sharedProbe - before).toBe(23);
  }, 180_000);

  it("leaves nothing of its own behind once closed (namespaces may stay Terminating)", async () => {
    await m.close();
    const http = new KubeHttp({ server: cp.server, token: cp.token, ca: readFileSync(cp.caFile) });
    expect(await leftovers(http, m.runId)).toEqual([]);
    http.close();
  }, 120_000);
});
