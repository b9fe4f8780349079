// Which queries' probes are confined by their label as well as by their condition (prepare's
// Work.labelled), which fall back to the condition alone, and what a labelled probe and its
// request carry.
import { describe, expect, it } from "vitest";
import type { AdmissionRequest } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import type { Subject } from "../../contract/subject.ts";
import type { KubeHttp, Reply } from "../controlPlane/kubeHttp.ts";
import { probeLabel, webhookTag } from "../probe/names.ts";
import { labelled } from "../request/labelled.ts";
import { createProbe, probeObjects } from "../subject/createProbe.ts";
import { matchEverything } from "../testQueries.ts";
import type { Work } from "../work.ts";
import { familyRenames, shareProbes } from "./families.ts";
import { prepare } from "./prepareQuery.ts";

const kinds = ["ValidatingAdmissionPolicy", "MutatingAdmissionPolicy", "MatchResources", "ValidatingWebhook"] as const;
const names = { runId: "r", batch: "1", id: "1" };
const prepared = (q: Query) => prepare(q, names, "1.37", kinds);
const configMaps = {
  resourceRules: [{ operations: ["*"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
};
const vap = (policy: Record<string, unknown> = {}): Subject => ({
  kind: "ValidatingAdmissionPolicy",
  policy: { matchConstraints: configMaps, ...policy },
  binding: {},
});
const withSubject = (subject: Subject): Query => ({ ...matchEverything, subject });
const condition = (expression: string) => withSubject(vap({ matchConditions: [{ name: "c", expression }] }));
const everything = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};
const withRequest = (request: AdmissionRequest, cluster: Query["cluster"] = matchEverything.cluster): Query => ({
  ...matchEverything,
  subject: vap({ matchConstraints: everything }),
  cluster,
  request,
});

const core = (operation: AdmissionRequest["operation"], resource: string, kind: string, name: string) => ({
  operation,
  resource: { group: "", version: "v1", resource },
  kind: { group: "", version: "v1", kind },
  namespace: "bystand",
  name,
});
const obj = (kind: string, name: string, namespace?: string) => ({
  apiVersion: "v1",
  kind,
  metadata: { name, ...(namespace && { namespace }) },
});
/** A pod's status update: a subresource, whose objects the server resets. */
const podStatus = (name: string): AdmissionRequest => ({
  ...core("UPDATE", "pods", "Pod", name),
  subResource: "status",
  object: obj("Pod", name, "bystand"),
  oldObject: obj("Pod", name, "bystand"),
});

describe("prepare: a probe confined by its label", () => {
  it.each([
    ["a ValidatingAdmissionPolicy", withSubject(vap())],
    ["a bare MatchResources", matchEverything],
    [
      "a MutatingAdmissionPolicy",
      withSubject({ kind: "MutatingAdmissionPolicy", policy: { matchConstraints: configMaps }, binding: {} }),
    ],
    ["a condition on another label", condition("object.metadata.labels['app'] == 'a'")],
    ["a condition on the request only", condition("request.operation == 'CREATE'")],
  ])("labels %s", (_, q) => {
    const w = prepared(q);
    expect(w.state).toBe("probe");
    expect(w.labelled).toBe(true);
  });

  it.each([
    ["a webhook: confined at the receiver", withSubject({ kind: "ValidatingWebhook", webhook: { rules: [] } })],
    ["a condition on the labels as a whole", condition("object.metadata.labels.size() == 0")],
    ["a condition on the old object's labels", condition("has(oldObject.metadata.labels)")],
    [
      "a subject whose selector names the probe's label key",
      withSubject(vap({ matchConstraints: { ...configMaps, objectSelector: { matchLabels: { [probeLabel]: "x" } } } })),
    ],
    [
      "a Namespace's own request",
      withRequest(
        { ...core("CREATE", "namespaces", "Namespace", "db"), namespace: "db", object: obj("Namespace", "db") },
        {},
      ),
    ],
    [
      "an authorization review, whose metadata must be empty",
      withRequest({
        operation: "CREATE",
        resource: { group: "authorization.k8s.io", version: "v1", resource: "selfsubjectaccessreviews" },
        kind: { group: "authorization.k8s.io", version: "v1", kind: "SelfSubjectAccessReview" },
        object: { apiVersion: "authorization.k8s.io/v1", kind: "SelfSubjectAccessReview", metadata: {} },
      }),
    ],
    ["a subresource", withRequest(podStatus("p"))],
  ])("falls back to the condition alone for %s, and still asks it", (_, q) => {
    const w = prepared(q);
    expect(w.answer).toEqual({ answer: "skipped", message: "not probed" });
    expect(w.state).toBe("probe");
    expect(w.labelled).toBeUndefined();
  });
});

describe("a labelled probe and its request", () => {
  const receiver = { url: () => "https://127.0.0.1:1", caBundle: "" };
  const selects = (o: unknown, key: "matchConstraints" | "matchResources") =>
    JSON.stringify((o as { spec: Record<string, unknown> }).spec[key] ?? {}).includes(probeLabel);

  it.each([
    ["labelled", withSubject(vap()), true],
    ["not labelled", condition("object.metadata.labels.size() == 0"), false],
  ])("%s: the policy, the binding and the object sent carry the label alike", (_, q, expected) => {
    const w = prepared(q);
    const [[, policy], [, binding]] = probeObjects(w, receiver, false) as [[string, unknown], [string, unknown]];
    expect(selects(policy, "matchConstraints")).toBe(expected);
    expect(selects(binding, "matchResources")).toBe(expected);
    const sent = labelled({ metadata: { labels: { app: "a" } } }, w);
    expect(sent).toEqual({ metadata: { labels: { app: "a", ...(expected && { [probeLabel]: webhookTag(names) }) } } });
    // Asked as stated first, its selectors without the label.
    const [[, stated]] = probeObjects(w, receiver, true) as [[string, unknown]];
    expect(selects(stated, "matchConstraints")).toBe(false);
  });
});

describe("shareProbes: the label a shared probe selects", () => {
  // Requests that store an object: renamed into one family's namespaces (creates share the run's).
  const update = (name: string): AdmissionRequest => ({
    ...core("UPDATE", "configmaps", "ConfigMap", name),
    object: obj("ConfigMap", name, "bystand"),
    oldObject: obj("ConfigMap", name, "bystand"),
  });
  const shared = (requests: readonly AdmissionRequest[]): Work[] => {
    const qs = requests.map((request) => ({ ...matchEverything, request }));
    const ids = qs.map((_, i) => String(i + 1));
    const renames = familyRenames(qs, ids);
    const work = qs.map((q, i) => prepare(q, { ...names, id: ids[i] as string }, "1.37", kinds, renames[i]));
    return shareProbes(work);
  };

  it("labels the family's probe and every member with the family's tag when every member carries it", () => {
    const ws = shared([update("a"), update("b")]);
    expect(ws.map((w) => [w.labelled, w.probeOf?.labelled, w.names.id])).toEqual([
      [true, true, "1"],
      [true, true, "1"],
    ]);
  });

  it("labels neither the probe nor any member when one member's objects cannot carry it", () => {
    const ws = shared([update("a"), podStatus("p"), update("b")]);
    expect(ws.map((w) => [w.labelled, w.probeOf?.labelled])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
  });
});

describe("createProbe of a labelled probe", () => {
  const receiver = { url: () => "https://127.0.0.1:1", caBundle: "" };
  /** A server answering the confined creates with `confined`, the dry runs as stated with `stated`; the calls made. */
  const server = (confined: number, stated: number) => {
    const calls: string[] = [];
    const reply = (status: number, message: string): Reply => ({
      status,
      body: { message },
      text: message,
      warnings: [],
    });
    const http = {
      call: async (_method: string, path: string, o: { query?: Record<string, string> } = {}) => {
        const dry = o.query?.dryRun === "All";
        calls.push(`${dry ? "dry " : ""}${path.split("/").pop()}`);
        return dry
          ? reply(stated, "as stated: spec.x: Invalid value")
          : reply(confined, "confined: spec.y: Invalid value");
      },
    } as unknown as KubeHttp;
    return { http, calls };
  };

  it("creates a valid subject confined at once, without a dry run as stated", async () => {
    const w = prepared(withSubject(vap()));
    const s = server(201, 201);
    await createProbe(s.http, receiver, w, "v1");
    expect(s.calls).toEqual(["validatingadmissionpolicies", "validatingadmissionpolicybindings"]);
    expect(w.state).toBe("probe");
  });

  it("asks a subject the server finds invalid again as stated, for the server's own words", async () => {
    const w = prepared(withSubject(vap()));
    const s = server(422, 422);
    await createProbe(s.http, receiver, w, "v1");
    expect(s.calls).toEqual(["validatingadmissionpolicies", "dry validatingadmissionpolicies"]);
    expect(w.answer).toEqual({
      answer: "outcome",
      outcome: { outcome: "invalid", message: "as stated: spec.x: Invalid value" },
    });
  });

  it("asks again as stated only what was not created before the 422", async () => {
    const w = prepared(withSubject(vap()));
    const calls: string[] = [];
    const http = {
      call: async (_m: string, path: string, o: { query?: Record<string, string> } = {}) => {
        const what = `${o.query?.dryRun === "All" ? "dry " : ""}${path.split("/").pop()}`;
        calls.push(what);
        const status = what === "validatingadmissionpolicybindings" ? 422 : 201;
        return { status, body: { message: `${what}: ${status}` }, text: "", warnings: [] };
      },
    } as unknown as KubeHttp;
    await createProbe(http, receiver, w, "v1");
    expect(calls).toEqual([
      "validatingadmissionpolicies",
      "validatingadmissionpolicybindings",
      "dry validatingadmissionpolicybindings",
    ]);
    expect(w.answer).toEqual({
      answer: "skipped",
      message: "the probe's label confinement made the subject invalid, which is valid as stated",
    });
  });

  it("skips a subject that only its confinement made invalid", async () => {
    const w = prepared(withSubject(vap()));
    const s = server(422, 201);
    await createProbe(s.http, receiver, w, "v1");
    expect(w.answer).toEqual({
      answer: "skipped",
      message: "the probe's label confinement made the subject invalid, which is valid as stated",
    });
  });
});
