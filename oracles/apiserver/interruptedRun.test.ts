// Runs that do not end well, and runs side by side, on one real cluster: SIGINT mid-batch cleans
// up and exits 130; a SIGKILLed run leaves its objects and lease, which the next run removes once
// the lease has expired; a run with a fresh lease is left alone by another's start; and a query
// asked twice, in separate batches, is answered alike. Run with MATCHCONFORM_APISERVER=1.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sourceCli } from "../../package/sourceCli.ts";
import { loadAll } from "../../suites/format/loadAll.ts";
import { slowSuiteGate } from "../../suites/slowSuites.ts";
import type { Answer } from "../adapters/matcher.ts";
import type { Query } from "../contract/query.ts";
import type { ApiserverMatcherOptions } from "./apiserverMatcher.ts";
import { leftovers, startApiserverMatcher } from "./apiserverMatcher.ts";
import { KubeHttp } from "./controlPlane/kubeHttp.ts";
import type { ControlPlane } from "./controlPlane/localControlPlane.ts";
import { down } from "./controlPlane/localControlPlane.ts";
import type { LeaseObject } from "./controlPlane/runLease.ts";
import { clockSkewAllowanceMs, expiresAt, leaseCollection, leaseName } from "./controlPlane/runLease.ts";
import { startTestControlPlane } from "./controlPlane/testControlPlane.ts";
import { admissionPath, runLabel } from "./probe/names.ts";
import { matchEverything } from "./testQueries.ts";

// Runs where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
const enabled = slowSuiteGate("apiserver").runs;
if (!enabled)
  console.log(
    "interruptedRun.test.ts: skipped; set MATCHCONFORM_APISERVER=1 to start a local kube-apiserver and run it",
  );

const repo = fileURLToPath(new URL("../..", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, f: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const x = await f();
    if (x !== undefined) return x;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

interface Child {
  readonly process: ChildProcessWithoutNullStreams;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly stderr: () => string;
}

describe.skipIf(!enabled)("interrupted, killed and concurrent runs against one kube-apiserver", () => {
  let cp: ControlPlane;
  let http: KubeHttp;
  const reportDir = mkdtempSync(join(tmpdir(), "matchconform-interrupted-report-"));
  const options = (o: Partial<ApiserverMatcherOptions> = {}): ApiserverMatcherOptions => ({
    server: cp.server,
    token: cp.token,
    caFile: cp.caFile,
    minor: "1.37",
    ...o,
  });

  beforeAll(async () => {
    cp = await startTestControlPlane("interrupted-test");
    http = new KubeHttp({ server: cp.server, token: cp.token, ca: readFileSync(cp.caFile) });
  }, 600_000);

  /** The verify runs spawned by the current test: one a failed test leaves running is interrupted, so that the next test does not see its run. */
  const spawned: Child[] = [];
  afterEach(async () => {
    for (const c of spawned.splice(0))
      if (c.process.exitCode === null && c.process.signalCode === null) {
        c.process.kill("SIGCONT"); // it may have been stopped
        c.process.kill("SIGINT");
        const stopped = await Promise.race([c.exited.then(() => true), sleep(60_000).then(() => false)]);
        if (!stopped) c.process.kill("SIGKILL");
      }
  }, 90_000);

  afterAll(async () => {
    http?.close();
    if (cp) await down(cp.stateDir);
  }, 60_000);

  /** A verify run, long enough to be interrupted mid-batch, as its own process. */
  function verify(env: Record<string, string> = {}): Child {
    const p = spawn(
      process.execPath,
      [
        ...sourceCli,
        "verify",
        "--apiserver",
        "--kubeconfig",
        cp.kubeconfig,
        "--context",
        "matchconform-local",
        "--num-runs",
        "100000",
        "--seed",
        "7",
        "--report-dir",
        reportDir,
      ],
      { cwd: repo, env: { ...process.env, ...env }, stdio: "pipe" },
    );
    let err = "";
    p.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    p.stdout.resume();
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      p.on("exit", (code, signal) => resolve({ code, signal })),
    );
    const child = { process: p, exited, stderr: () => err };
    spawned.push(child);
    return child;
  }

  const names = async (path: string, selector: string) => {
    const r = await http.call("GET", path, { query: { labelSelector: selector } });
    return ((r.body as { items?: LeaseObject[] }).items ?? []).map((i) => i.metadata);
  };

  /** The run (other than those named) with a probe policy in the cluster, and a namespace if asked. */
  const runInFlight = (others: readonly string[], withNamespace: boolean) => async () => {
    const runs = (await names(`${admissionPath}/validatingadmissionpolicies`, runLabel))
      .map((m) => m.labels?.[runLabel] ?? "")
      .filter((r) => r !== "" && !others.includes(r));
    for (const run of runs)
      if (!withNamespace || (await names("/api/v1/namespaces", `${runLabel}=${run}`)).length > 0) return run;
    return undefined;
  };

  it("a run interrupted by SIGINT mid-batch removes what it created and exits 130", async () => {
    const started = performance.now();
    const child = verify();
    const run = await waitFor("a probe policy of the verify run", runInFlight([], false), 60_000);
    const interruptedAt = performance.now();
    child.process.kill("SIGINT");
    const { code, signal } = await child.exited;
    const exitedAt = performance.now();
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(child.stderr()).toContain(`SIGINT: interrupted verify against kube-apiserver v1.37.`);
    expect(child.stderr()).toContain(`(run ${run})`);
    expect(child.stderr()).toContain("nothing is left behind");
    const left = await leftovers(http, run);
    console.log(
      `SIGINT: interrupted ${Math.round(interruptedAt - started)} ms after spawn, exited 130 ${Math.round(exitedAt - interruptedAt)} ms later; leftovers: ${left.length}; it said:\n${child
        .stderr()
        .split("\n")
        .filter((l) => l.startsWith("matchconform:"))
        .join("\n")}`,
    );
    expect(left).toEqual([]);
  }, 90_000);

  it("a SIGKILLed run leaves its objects and lease, which the next run removes once the lease has expired", async () => {
    const child = verify({ MATCHCONFORM_LEASE_SECONDS: "3" });
    let run: string | undefined;
    let left: string[] = [];
    // Stopped first, so that what it leaves is seen as it is at the kill.
    for (let i = 0; i < 100 && run === undefined; i++) {
      const candidate = await waitFor("a batch of the verify run", runInFlight([], true), 60_000);
      child.process.kill("SIGSTOP");
      left = await leftovers(http, candidate);
      const has = (what: string) => left.some((l) => l.startsWith(`${what}/`));
      if (has("validatingadmissionpolicies") && has("namespaces") && has("leases")) run = candidate;
      else {
        child.process.kill("SIGCONT");
        await sleep(100);
      }
    }
    child.process.kill("SIGKILL");
    expect((await child.exited).signal).toBe("SIGKILL");
    if (run === undefined) throw new Error("the verify run never held a policy, a namespace and its lease at once");
    // What the run had sent before it stopped may still be acted on: what is left is read after that.
    await sleep(500);
    left = await leftovers(http, run);
    for (const what of ["validatingadmissionpolicies", "namespaces", "leases"])
      expect(left.filter((l) => l.startsWith(`${what}/`)).length).toBeGreaterThan(0);
    expect(left).toContain(`leases/${leaseName(run)}`);

    const lease = (await http.call("GET", `${leaseCollection}/${leaseName(run)}`)).body as LeaseObject;
    expect(lease.spec?.leaseDurationSeconds).toBe(3);
    const waitMs = expiresAt(lease) - Date.now() + 100;
    await sleep(waitMs);
    const lines: string[] = [];
    const started = performance.now();
    const next = await startApiserverMatcher(options({ leaseSeconds: 3, log: (l) => lines.push(l) }));
    const startMs = performance.now() - started;
    const after = await leftovers(http, run);
    console.log(
      `SIGKILL: ${left.length} leftovers (${left.filter((l) => l.startsWith("namespaces/")).length} namespaces, ${left.filter((l) => l.startsWith("validatingadmissionpolicies/")).length} policies, the lease); waited ${Math.round(waitMs)} ms for the lease to expire; the next start took ${Math.round(startMs)} ms and left ${after.length}; it logged: ${lines.join(" / ")}`,
    );
    expect(after).toEqual([]);
    expect(lines.some((l) => l.includes(`left by ended runs ${run}`))).toBe(true);
    await next.close();
    expect(await leftovers(http, next.runId)).toEqual([]);
  }, 90_000);

  it("a run whose lease is fresh keeps its objects, in flight or not, while another run starts", async () => {
    const a = await startApiserverMatcher(options({ leaseSeconds: 2 }));
    const held = `mc-${a.runId}-held`;
    const made = await http.call("POST", "/api/v1/namespaces", {
      body: { apiVersion: "v1", kind: "Namespace", metadata: { name: held, labels: { [runLabel]: a.runId } } },
    });
    expect(made.status).toBe(201);
    // Past the lease's duration and the skew allowance: only the renewals keep it fresh.
    await sleep(2_000 + clockSkewAllowanceMs + 500);
    const pending = Array.from({ length: 20 }, () => a.match(matchEverything));
    await waitFor(
      "a batch of run a in flight",
      async () =>
        (await names(`${admissionPath}/validatingadmissionpolicies`, `${runLabel}=${a.runId}`)).length > 0 || undefined,
    );
    const lines: string[] = [];
    const b = await startApiserverMatcher(options({ leaseSeconds: 2, log: (l) => lines.push(l) }));
    const answers = await Promise.all(pending);
    const left = await leftovers(http, a.runId);
    console.log(
      `concurrent: run ${a.runId} kept its ${left.length} objects (its lease and namespace ${held} among them) while ${b.runId} started; ${b.runId} logged: ${lines.join(" / ")}`,
    );
    expect(answers.map(outcome)).toEqual(answers.map(() => "match"));
    expect(left).toEqual(expect.arrayContaining([`namespaces/${held}`, `leases/${leaseName(a.runId)}`]));
    expect(lines.some((l) => l.includes(`left alone the objects of runs ${a.runId}`))).toBe(true);
    await b.close();
    await a.close();
    expect(await leftovers(http, a.runId)).toEqual([]);
    expect(await leftovers(http, b.runId)).toEqual([]);
  }, 60_000);

  it("answers a query asked twice, in separate batches, alike", async () => {
    const m = await startApiserverMatcher(options());
    const all = loadAll(["suites/cases"])
      .filter((c) => c.minors.includes("1.37") && m.subjects.includes(c.subject.kind))
      .flatMap((c) =>
        c.tests.map(
          (t): Query => ({
            kubernetesVersion: "1.37",
            subject: c.subject,
            cluster: t.cluster ?? c.cluster ?? {},
            request: t.request,
          }),
        ),
      );
    const step = Math.max(1, Math.floor(all.length / 40));
    const queries = all.filter((_, i) => i % step === 0).slice(0, 40);
    const first = await Promise.all(queries.map((q) => m.match(q)));
    const batches = m.stats.batches;
    // The second time in the other order, so that each query's batch holds other neighbours.
    const second = (await Promise.all([...queries].reverse().map((q) => m.match(q)))).reverse();
    await m.close();
    // Only the names differ: each query is renamed after its id within the run.
    const same = (a: Answer) =>
      JSON.stringify(a)
        .replaceAll(m.runId, "RUN")
        .replace(/(RUN[-:|])\d+/g, "$1N")
        .replace(/p\d+\.RUN/g, "pN.RUN");
    const decided = first.filter((a) => a.answer === "outcome").length;
    console.log(
      `repeated: ${queries.length} queries, ${decided} decided, in ${batches} then ${m.stats.batches - batches} batches; ${first.filter((a, i) => same(a) !== same(second[i] as Answer)).length} differ`,
    );
    expect(m.stats.batches).toBeGreaterThan(batches);
    expect(decided).toBeGreaterThan(20);
    expect(second.map(same)).toEqual(first.map(same));
    expect(await leftovers(http, m.runId)).toEqual([]);
  }, 60_000);
});

const outcome = (a: Answer) => (a.answer === "outcome" ? a.outcome.outcome : a.answer);
