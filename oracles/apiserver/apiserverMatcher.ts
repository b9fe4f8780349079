// The real kube-apiserver as a Matcher: queries are collected into batches; each batch is
// realised in the cluster (namespaces, stored objects, one probe policy + binding per query,
// a sentinel created last), every query's request is sent dryRun=All as the case's impersonated
// user, and the decision is read back from the Warning headers. Nothing is left behind.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Answer, Matcher } from "../adapters/matcher.ts";
import { carriesMatchConditions, fullCapabilities } from "../contract/capabilities.ts";
import type { ParamKind } from "../contract/kube.ts";
import type { SubjectKind } from "../contract/subject.ts";
import type { Query } from "../invariants/invariant.ts";
import type { Minor } from "../model/versions.ts";
import { pool } from "./batch/pool.ts";
import type { Work } from "./batch/prepareQuery.ts";
import { prepare, skipped } from "./batch/prepareQuery.ts";
import type { Connection, Reply } from "./controlPlane/kubeHttp.ts";
import { KubeHttp, ok, statusMessage } from "./controlPlane/kubeHttp.ts";
import { cleanUp, removeAbandoned, removeLeftovers } from "./controlPlane/leftovers.ts";
import { grantBinding, grantRole, rbacPath } from "./controlPlane/rbacGrant.ts";
import { acquireRunLease } from "./controlPlane/runLease.ts";
import { setupClient } from "./controlPlane/setupClient.ts";
import { startWebhookReceiver } from "./controlPlane/webhookReceiver.ts";
import { admissionPath, batchLabel, labels, probeLabel, runLabel, webhookResource, webhookTag } from "./probe/names.ts";
import type { ParamSentinel } from "./probe/paramSentinel.ts";
import { kindCheck, paramKindsOf, paramSentinel } from "./probe/paramSentinel.ts";
import { parseMutatingProbe } from "./probe/probeMarks.ts";
import { answerAsCase, readOutcome } from "./probe/readOutcome.ts";
import { sentinelManifests } from "./probe/sentinelManifests.ts";
import { bodyOf, oldName, withoutNameLabel } from "./request/body.ts";
import type { CustomResource } from "./request/customResources.ts";
import { answerInQueryGroup, crdCollection, crdManifest, crdName } from "./request/customResources.ts";
import { isNamespaceResource } from "./request/rename.ts";
import { restPath } from "./request/resources.ts";
import { mutatingProbeManifests } from "./subject/mutatingProbe.ts";
import { probeManifests } from "./subject/policyProbe.ts";
import { webhookManifest } from "./subject/webhookProbe.ts";

export interface ApiserverMatcherOptions {
  readonly server: string;
  readonly token?: string;
  readonly caFile?: string;
  /** Or the TLS material itself (a kubeconfig's client certificate, say). */
  readonly connection?: Connection;
  readonly minor: Minor;
  /** Short lowercase id of this run; generated when omitted. */
  readonly runId?: string;
  /** Queries per batch, at most (default 50). */
  readonly batchSize?: number;
  /** How long a batch waits for more queries, ms (default 50). */
  readonly batchDelayMs?: number;
  /** Batches realised at the same time (default 3). */
  readonly concurrentBatches?: number;
  readonly sentinelTimeoutMs?: number;
  /** How long the run's lease lasts unrenewed, s (default 60): another run takes this one for ended once it expires. */
  readonly leaseSeconds?: number;
  /** The address the server reaches the suite's webhook receiver at (default 127.0.0.1; on kind: the kind network's gateway). */
  readonly webhookHost?: string;
  /** The address the webhook receiver listens on (default: webhookHost). */
  readonly webhookListen?: string;
  readonly log?: (line: string) => void;
}

export interface ApiserverStats {
  batches: number;
  queries: number;
  probed: number;
  skipped: number;
  /** Time spent waiting for sentinels, ms, summed over batches. */
  sentinelWaitMs: number;
}

export interface ApiserverMatcher extends Matcher {
  readonly runId: string;
  readonly stats: ApiserverStats;
  readonly http: KubeHttp;
}

const answeredKinds: readonly SubjectKind[] = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
  "MutatingAdmissionPolicy",
];

interface Pending {
  readonly query: Query;
  readonly resolve: (a: Answer) => void;
}

export async function startApiserverMatcher(o: ApiserverMatcherOptions): Promise<ApiserverMatcher> {
  const connection: Connection = o.connection ?? {
    server: o.server,
    ...(o.token !== undefined && { token: o.token }),
    ...(o.caFile !== undefined && { ca: readFileSync(o.caFile) }),
  };
  const http = new KubeHttp(connection);
  const setup = await setupClient(connection);
  const runId = o.runId ?? randomBytes(3).toString("hex");
  const log = o.log ?? (() => {});
  const version = await http.call("GET", "/version");
  if (!ok(version)) throw new Error(`GET /version answered ${version.status}: ${statusMessage(version)}`);
  const gitVersion = (version.body as { gitVersion?: string }).gitVersion ?? "unknown";
  // MutatingAdmissionPolicy is probed at admissionregistration.k8s.io/v1 only (GA in 1.36).
  const group = await http.call("GET", admissionPath);
  const served = new Set(((group.body as { resources?: { name: string }[] }).resources ?? []).map((r) => r.name));
  const subjects = answeredKinds.filter(
    (k) => k !== "MutatingAdmissionPolicy" || served.has("mutatingadmissionpolicies"),
  );
  const lease = await acquireRunLease(http, runId, {
    ...(o.leaseSeconds !== undefined && { seconds: o.leaseSeconds }),
    log,
  });
  await removeAbandoned(http, runId, log);
  must(await http.call("POST", `${rbacPath}/clusterroles`, { body: grantRole(runId) }), "the run's ClusterRole");
  const receiver = await startWebhookReceiver({
    ...(o.webhookHost !== undefined && { host: o.webhookHost }),
    ...(o.webhookListen !== undefined && { listen: o.webhookListen }),
  });

  const batchSize = o.batchSize ?? 50;
  const delay = o.batchDelayMs ?? 50;
  const width = o.concurrentBatches ?? 3;
  const stats: ApiserverStats = { batches: 0, queries: 0, probed: 0, skipped: 0, sentinelWaitMs: 0 };
  const queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = 0;
  let counter = 0;
  let batchCounter = 0;
  let closed = false;
  let closing: Promise<void> | undefined;

  const pump = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (queue.length > 0 && running < width) {
      const items = queue.splice(0, batchSize);
      running++;
      const b = String(++batchCounter);
      const ids = items.map(() => String(++counter));
      runBatch(items, b, ids)
        .catch((e: Error) => {
          for (const it of items) it.resolve({ answer: "errored", message: `batch ${b} failed: ${e.message}` });
        })
        .finally(() => {
          running--;
          if (queue.length > 0) schedule();
        });
    }
  };
  const schedule = () => {
    if (queue.length >= batchSize) pump();
    else if (timer === undefined) timer = setTimeout(pump, delay);
  };

  async function runBatch(items: readonly Pending[], batch: string, ids: readonly string[]): Promise<void> {
    stats.batches++;
    const sel = `${batchLabel}=${runId}-${batch}`;
    const made: Array<{ path: string }> = []; // cluster-scoped objects to delete (namespaces)
    try {
      const work = items.map((it, i) => prepare(it.query, { runId, batch, id: ids[i] as string }, o.minor, subjects));
      await pool(work, 4, async (w) => {
        if (w.state === "done") return;
        for (const crd of [...(w.crd ? [w.crd] : []), ...(w.params?.crds ?? [])])
          await ensureCrd(crd).catch((e: Error) => {
            w.state = "done";
            w.answer = skipped(`the CRD ${crdName(crd)} could not be made ready: ${e.message}`);
          });
      });
      const customParamKinds = new Map<string, ParamKind>();
      for (const w of work) {
        const k = w.params?.paramKind;
        if (w.state !== "done" && k && w.params?.crds.some((c) => `${c.realGroup}/${c.versions[0]}` === k.apiVersion))
          customParamKinds.set(`${k.apiVersion} ${k.kind}`, k);
      }
      if (customParamKinds.size > 0) await checkKinds(batch, [...customParamKinds.values()]);
      // 1. Namespaces, their default ServiceAccounts and the stored objects; probe policies and bindings.
      await Promise.all([
        // A params probe's stored objects carry its label: they are stored before the probe exists.
        pool(work, 16, async (w) => {
          if (w.state === "probe")
            await setUp(w, made).catch((e: Error) => {
              w.state = "done";
              w.answer = skipped(`setting up the request failed: ${e.message}`);
            });
          if (w.params !== undefined && (w.state === "invalid?" || w.state === "probe")) await createProbe(w);
        }),
        pool(work, 16, (w) =>
          w.params === undefined && (w.state === "invalid?" || w.state === "probe")
            ? createProbe(w)
            : Promise.resolve(),
        ),
      ]);
      const probes = work.filter((w) => w.state === "probe");
      // 2. The sentinel, created last, tells when everything before it is in effect.
      if (probes.length > 0) {
        const s = sentinelManifests({ runId, batch }, receiver);
        const users = [s.user, ...probes.map((w) => w.user.impersonation.user)];
        must(
          await http.call("POST", `${rbacPath}/clusterrolebindings`, { body: grantBinding({ runId, batch }, users) }),
          "the batch's ClusterRoleBinding",
        );
        const paramKinds = paramKindsOf(probes.map((w) => w.params));
        await sentinel(
          batch,
          new Set(probes.map((w) => w.query.subject.kind)),
          paramKinds.length > 0 ? paramSentinel({ runId, batch }, s.user, paramKinds) : undefined,
        );
      }
      // 3. The probes.
      await pool(probes, 16, (w) => probe(w));
      for (const [i, w] of work.entries()) {
        stats.queries++;
        if (w.answer.answer === "skipped") stats.skipped++;
        else if (w.state !== "done") stats.probed++;
        const answer = answerAsCase(w.answer, w);
        items[i]?.resolve(w.crd ? answerInQueryGroup(answer, w.crd) : answer);
      }
    } finally {
      await cleanUp(
        http,
        sel,
        made.map((m) => m.path),
      ).catch((e: Error) => log(`cleanup of batch ${batch}: ${e.message}`));
    }
  }

  const crds = new Map<string, Promise<void>>();
  /** Creates the CRD once per run and waits until it is established and its resource served. */
  function ensureCrd(c: CustomResource): Promise<void> {
    const name = crdName(c);
    let p = crds.get(name);
    if (p === undefined) {
      p = (async () => {
        // Sent as JSON, not through client-node's typed model, whose serializer drops the schema's
        // x-kubernetes-preserve-unknown-fields: the objects would be pruned to their metadata.
        const made = await http.call("POST", crdCollection, { body: crdManifest(c, { [runLabel]: runId }) });
        if (!ok(made))
          throw new Error(
            `creating the CustomResourceDefinition failed with HTTP ${made.status}: ${statusMessage(made)}`,
          );
        const deadline = Date.now() + 30_000;
        for (;;) {
          const r = await http.call("GET", `/apis/${c.realGroup}/${c.versions[0]}/${c.plural}`);
          if (ok(r)) return;
          if (Date.now() > deadline) throw new Error(`not served within 30 s: HTTP ${r.status} ${statusMessage(r)}`);
          await sleep(100);
        }
      })();
      crds.set(name, p);
    }
    return p;
  }

  /** Waits until the admission plugin resolves the batch's custom param kinds (paramSentinel.ts kindCheck). */
  async function checkKinds(batch: string, kinds: readonly ParamKind[]): Promise<void> {
    const user = `mc:${runId}:kinds-${batch}`;
    const c = kindCheck({ runId, batch }, user, kinds);
    for (const body of c.policies)
      must(await http.call("POST", `${admissionPath}/validatingadmissionpolicies`, { body }), "a param kind check");
    for (const body of c.bindings)
      must(
        await http.call("POST", `${admissionPath}/validatingadmissionpolicybindings`, { body }),
        "a param kind check",
      );
    const deadline = Date.now() + (o.sentinelTimeoutMs ?? 30_000);
    let last = "";
    while (Date.now() < deadline) {
      const r = await http.call("POST", "/api/v1/namespaces/default/configmaps", {
        query: { dryRun: "All" },
        impersonate: user,
        body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "mc-kinds" } },
      });
      if (ok(r) && r.warnings.some((w) => w.includes(c.marker))) return;
      last = ok(r) ? "the check not in effect yet" : statusMessage(r);
      await sleep(100);
    }
    throw new Error(`the param kinds of batch ${batch} were not resolved in time: ${last}`);
  }

  /** Creates the batch's sentinels (a policy, and a webhook of each kind the batch probes) and waits until all answer. */
  async function sentinel(
    batch: string,
    kinds: ReadonlySet<SubjectKind>,
    params: ParamSentinel | undefined,
  ): Promise<void> {
    const s = sentinelManifests({ runId, batch }, receiver);
    const markers: string[] = [`'${s.name}'`];
    const create = async (what: string, body: Record<string, unknown>, named: string) =>
      must(await http.call("POST", `${admissionPath}/${what}`, { body }), named);
    if (params !== undefined) {
      must(await http.call("POST", "/api/v1/namespaces", { body: params.namespace }), "the param sentinel's namespace");
      for (const k of params.kinds) {
        must(await http.call("POST", k.path, { body: k.param }), "a sentinel param");
        await create("validatingadmissionpolicies", k.policy, "a param sentinel policy");
        await create("validatingadmissionpolicybindings", k.binding, "a param sentinel binding");
        markers.push(k.marker);
      }
    }
    await create("validatingadmissionpolicies", s.policy, "sentinel policy");
    await create("validatingadmissionpolicybindings", s.binding, "sentinel binding");
    const mutating = kinds.has("MutatingAdmissionPolicy");
    if (mutating) {
      await create("mutatingadmissionpolicies", s.mutating.policy, "sentinel mutating policy");
      await create("mutatingadmissionpolicybindings", s.mutating.binding, "sentinel mutating binding");
    }
    for (const kind of ["ValidatingWebhook", "MutatingWebhook"] as const) {
      if (!kinds.has(kind) || s.webhooks === undefined) continue;
      await create(webhookResource(kind), s.webhooks[kind], `sentinel ${kind}`);
      markers.push(`mc|${s.sentinelTag(kind)}|`);
    }
    const started = performance.now();
    const timeout = o.sentinelTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeout;
    let missing = markers;
    while (Date.now() < deadline) {
      // Sent without system:masters: the batch's ClusterRoleBinding must be in effect too.
      const r = await http.call("POST", "/api/v1/namespaces/default/configmaps", {
        query: { dryRun: "All" },
        impersonate: { user: s.user },
        body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "mc-sentinel" } },
      });
      missing = markers.filter((m) => !r.warnings.some((w) => w.includes(m)));
      if (r.status === 403) missing.push("the batch's ClusterRoleBinding");
      if (mutating && parseMutatingProbe(r.body, s.mutating.tag) === undefined) missing.push("the mutating policy");
      if (missing.length === 0) {
        stats.sentinelWaitMs += performance.now() - started;
        return;
      }
      await sleep(50);
    }
    throw new Error(
      `the sentinel of batch ${batch} did not take effect within ${timeout} ms (missing: ${missing.join(", ")})`,
    );
  }

  /** The probe's objects; `verbatim`: with the subject's conditions as stated (for a dry run). */
  function probeObjects(
    w: Work,
    verbatim: boolean,
  ): ReadonlyArray<readonly [string, Record<string, unknown> | undefined]> {
    const subject = w.query.subject;
    if ("webhook" in subject)
      return [[webhookResource(subject.kind), webhookManifest(subject, w.names, receiver, verbatim)]];
    const m =
      subject.kind === "MutatingAdmissionPolicy"
        ? mutatingProbeManifests(subject, w.names, verbatim)
        : probeManifests(subject, w.names, verbatim, w.params);
    const kind =
      subject.kind === "MutatingAdmissionPolicy" ? "mutatingadmissionpolicies" : "validatingadmissionpolicies";
    const binding = kind.replace("policies", "policybindings");
    // Params with conditions: a second policy denies on a condition's error (subject/policyProbe.ts).
    const d =
      !verbatim && w.params !== undefined && carriesMatchConditions(subject)
        ? probeManifests(subject, w.names, false, w.params, true)
        : undefined;
    return [
      [kind, m.policy],
      [binding, m.binding],
      ...(d
        ? ([
            [kind, d.policy],
            [binding, d.binding],
          ] as const)
        : []),
    ];
  }

  /**
   * Creates the probe. A subject with matchConditions or params is first created dry-run as
   * stated, so that the server's validation (its 422) sees the subject's own expressions and
   * selectors, then with the probe's confinement (subject/confinement.ts probeConditions, labelledOnly).
   */
  async function createProbe(w: Work): Promise<void> {
    if (w.state === "invalid?") return createObjects(w, probeObjects(w, true), true);
    if (carriesMatchConditions(w.query.subject) || w.params !== undefined) {
      await createObjects(w, probeObjects(w, true), true);
      if (w.state !== "probe") return;
    }
    await createObjects(w, probeObjects(w, false), false);
  }

  async function createObjects(
    w: Work,
    objects: ReadonlyArray<readonly [string, Record<string, unknown> | undefined]>,
    dry: boolean,
  ): Promise<void> {
    const subject = w.query.subject;
    const dryRun = dry ? { dryRun: "All" } : undefined;
    for (const [what, made] of objects) {
      if (made === undefined) continue;
      const body = dryRun && what.endsWith("bindings") ? withSubjectPolicyName(made, subject) : made;
      const r = await http.call("POST", `${admissionPath}/${what}`, { body, ...(dryRun && { query: dryRun }) });
      if (r.status === 422) {
        w.state = "done";
        w.answer = { answer: "outcome", outcome: { outcome: "invalid", message: statusMessage(r) } };
        return;
      }
      if (!ok(r)) {
        w.state = "done";
        w.answer = skipped(`creating the probe ${what} failed with HTTP ${r.status}: ${statusMessage(r)}`);
        return;
      }
    }
    if (w.state === "invalid?") {
      // Valid, but the request cannot be sent: the reason stays.
      w.state = "done";
    }
  }

  async function setUp(w: Work, made: Array<{ path: string }>): Promise<void> {
    const q = w.query;
    const req = q.request;
    const isNs = isNamespaceResource(req);
    await pool([...Object.entries(q.cluster.namespaces ?? {})], 8, async ([name, l]) => {
      if (isNs && name === req.namespace) return; // the namespace under request is the request's own object
      const body = {
        apiVersion: "v1",
        kind: "Namespace",
        metadata: {
          name,
          labels: { ...withoutNameLabel(l), [runLabel]: runId, [batchLabel]: `${runId}-${w.names.batch}` },
        },
      };
      await setup.createNamespace(body);
      made.push({ path: `/api/v1/namespaces/${name}` });
      if (w.r.needsServiceAccount && name === req.namespace) await setup.createServiceAccount(name, "default");
    });
    // The params, in the query's own namespaces: removed with them.
    for (const p of w.params?.objects ?? []) {
      const r = await http.call("POST", p.path, { body: p.body });
      if (!ok(r)) {
        w.state = "done";
        w.answer = skipped(`creating the param ${p.path} failed with HTTP ${r.status}: ${statusMessage(r)}`);
        return;
      }
    }
    const sub = w.r.sub;
    if (
      sub?.parent === "minimal" ||
      (sub === undefined && (req.operation === "UPDATE" || req.operation === "DELETE")) ||
      sub?.parent === "old"
    ) {
      const old =
        sub?.parent === "minimal"
          ? bodyOf(req, { metadata: { name: req.name } }, w.r)
          : labelled(bodyOf(req, req.oldObject, w.r), w);
      if (isNs) {
        const md = old.metadata as Record<string, unknown>;
        md.labels = { ...(md.labels as object), [runLabel]: runId, [batchLabel]: `${runId}-${w.names.batch}` };
      }
      const r = await http.call("POST", restPath(req.resource, w.r.namespaced, req.namespace ?? ""), { body: old });
      if (!ok(r)) {
        w.state = "done";
        w.answer = skipped(`storing the object for ${req.operation} failed with HTTP ${r.status}: ${statusMessage(r)}`);
        return;
      }
      if (!w.r.namespaced) made.push({ path: restPath(req.resource, false, "", req.name) });
      w.stored = r.body as Record<string, unknown>;
    }
  }

  async function probe(w: Work): Promise<void> {
    if (w.state !== "probe") return;
    const req = w.query.request;
    const ns = req.namespace ?? "";
    const coll = restPath(req.resource, w.r.namespaced, ns);
    const call = { query: { dryRun: "All" }, impersonate: w.user.impersonation };
    let r: Reply;
    const sub = w.r.sub;
    if (sub !== undefined) {
      const s = sub.send(req, w.stored);
      r = await http.call(s.method, `${restPath(req.resource, w.r.namespaced, ns, req.name)}/${sub.name}`, {
        impersonate: call.impersonate,
        query: s.query,
        ...(s.body !== undefined && { body: s.body }),
      });
      w.answer = readOutcome(r, w.names, w.query.subject, w.params?.paramKind !== undefined);
      // A CONNECT passes admission, then finds no parent: admission decided noMatch.
      if (sub.parent === "none" && r.status === 404 && w.answer.answer === "skipped")
        w.answer = { answer: "outcome", outcome: { outcome: "noMatch" } };
      return;
    }
    switch (req.operation) {
      case "CREATE":
        r = await http.call("POST", coll, { ...call, body: labelled(bodyOf(req, req.object, w.r), w) });
        break;
      case "UPDATE": {
        const stored = w.stored ?? {};
        const md = stored.metadata as Record<string, unknown>;
        const want = (req.object?.metadata ?? {}) as Record<string, unknown>;
        const body = {
          ...stored,
          metadata: { ...md, labels: labelsOf(want.labels ?? {}, w), annotations: want.annotations ?? {} },
        };
        r = await http.call("PUT", restPath(req.resource, w.r.namespaced, ns, req.name), { ...call, body });
        break;
      }
      default:
        // Without a name: a deletecollection's item (rest.AdmissionToValidateObjectDeleteFunc admits
        // each item under the collection's name ""), the one stored object picked by its name.
        r =
          (req.name ?? "") === ""
            ? await http.call("DELETE", coll, {
                ...call,
                query: { ...call.query, fieldSelector: `metadata.name=${oldName(req)}` },
              })
            : await http.call("DELETE", restPath(req.resource, w.r.namespaced, ns, req.name), call);
    }
    w.answer = readOutcome(r, w.names, w.query.subject, w.params?.paramKind !== undefined);
  }

  return {
    runId,
    stats,
    http,
    info: { name: "kube-apiserver", version: gitVersion, language: "go" },
    subjects,
    input: "manifest",
    kubernetesVersions: [o.minor],
    // The server decides everything; what it cannot be asked it answers as skipped. The probes
    // carry the subject's matchConditions behind their confinement; params are not realised yet.
    capabilities: {
      ...fullCapabilities,
      features: { ...fullCapabilities.features, matchConditions: true, params: true },
    },
    match: (query) =>
      new Promise<Answer>((resolve) => {
        if (closed) return resolve({ answer: "errored", message: "the apiserver matcher is closed" });
        queue.push({ query, resolve });
        schedule();
      }),
    close: () =>
      (closing ??= (async () => {
        closed = true;
        clearTimeout(timer);
        // What is not in a batch yet is not asked: closing stops the run where it is.
        for (const p of queue.splice(0)) p.resolve({ answer: "errored", message: "the apiserver matcher was closed" });
        while (running > 0) await sleep(50);
        await lease.stop();
        try {
          await removeLeftovers(http, runId, log);
        } finally {
          http.close();
          await receiver.close();
        }
      })()),
  };
}

/** A params probe's objects carry its label (subject/confinement.ts labelledOnly); others are sent as stated. */
function labelsOf(l: object, w: Work): object {
  return w.params === undefined ? l : { ...l, [probeLabel]: webhookTag(w.names) };
}

function labelled(body: Record<string, unknown>, w: Work): Record<string, unknown> {
  if (w.params === undefined) return body;
  const md = (body.metadata ?? {}) as { labels?: object };
  return { ...body, metadata: { ...md, labels: labelsOf(md.labels ?? {}, w) } };
}

function must(r: Reply, what: string): void {
  if (!ok(r)) throw new Error(`creating ${what} failed with HTTP ${r.status}: ${statusMessage(r)}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { leftovers, removeLeftovers } from "./controlPlane/leftovers.ts";
export { labels };

/**
 * A binding only dry-run (its subject's validity asked, the request not sent) carries the subject's
 * own policyName, so that the server validates that name, null included; a binding that is really
 * created always names the probe's own policy.
 */
function withSubjectPolicyName(binding: Record<string, unknown>, subject: Query["subject"]): Record<string, unknown> {
  if (!("binding" in subject) || subject.binding === undefined || !("policyName" in subject.binding)) return binding;
  return { ...binding, spec: { ...(binding.spec as object), policyName: subject.binding.policyName } };
}
