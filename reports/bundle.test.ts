// Reproduction bundles: manifests that carry everything the request needs, real names in the
// command, and the apiserver oracle's reason when no real cluster can reproduce the query.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { loadAll as loadYamlDocs } from "js-yaml";
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { scenario } from "../generators/scenario.ts";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import { decide } from "../oracles/model/decide.ts";
import { bundle, notReproducible } from "./bundle.ts";
import { toCaseFile } from "./caseFile.ts";
import type { Bucket, RunReport } from "./runReport.ts";
import { writeReports } from "./writeReports.ts";

const ns = (name: string, labels: Record<string, string> = {}) => ({
  [name]: { ...labels, "kubernetes.io/metadata.name": name },
});
const policy: Subject = {
  kind: "ValidatingAdmissionPolicy",
  policy: {
    matchConstraints: {
      resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }],
    },
  },
  binding: {},
};

function bucketOf(q: Query): Bucket {
  const outcome = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
  return {
    signature: "test · model x · implementation y",
    title: "the example",
    clause: "none",
    phase: "generated",
    phases: { corpus: 0, generated: 1, invariant: 0 },
    count: 1,
    minors: [q.kubernetesVersion],
    reduction: { status: "minimal", calls: 0, lines: 1, moves: [] },
    example: {
      phase: "generated",
      query: q,
      expected: outcome,
      actual: { answer: "outcome", outcome },
      clauses: [],
      caseFile: toCaseFile([{ description: "the example", query: q, outcome }]),
    },
  };
}

/** A request on a ConfigMap in the existing namespace prod, under the policy matching everything. */
function configMapBucket(request: Pick<AdmissionRequest, "operation" | "name" | "object" | "oldObject">): Bucket {
  return bucketOf({
    kubernetesVersion: "1.37",
    subject: policy,
    cluster: { namespaces: ns("prod") },
    request: {
      resource: { group: "", version: "v1", resource: "configmaps" },
      kind: { group: "", version: "v1", kind: "ConfigMap" },
      namespace: "prod",
      ...request,
    },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary manifest fields
const docs = (text: string | undefined) => loadYamlDocs(text ?? "") as Record<string, any>[];

describe("bundle", () => {
  it("makes a custom resource's CRD from the equivalentResources, in the case's own group", () => {
    const widgets = (version: string) => ({
      resource: { group: "stable.example.com", version, resource: "widgets" },
      kind: { group: "stable.example.com", version, kind: "Widget" },
    });
    const files = bundle(
      bucketOf({
        kubernetesVersion: "1.37",
        subject: policy,
        cluster: { namespaces: ns("prod", { env: "prod" }), equivalentResources: [widgets("v1"), widgets("v2beta1")] },
        request: {
          operation: "CREATE",
          ...widgets("v2beta1"),
          namespace: "prod",
          name: "w",
          object: { apiVersion: "stable.example.com/v2beta1", kind: "Widget", metadata: { name: "w" } },
        },
      }),
    );
    const [crd] = docs(files["crd.yaml"]);
    expect(crd?.metadata.name).toBe("widgets.stable.example.com");
    expect(crd?.spec.versions.map((v: { name: string; storage: boolean }) => [v.name, v.storage])).toEqual([
      ["v1", true],
      ["v2beta1", false],
    ]);
    expect(docs(files["manifests.yaml"])).toContainEqual({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: "prod", labels: { env: "prod", "matchconform.dev/reproduction": "true" } },
    });
    expect(JSON.parse(files["object.json"] ?? "")).toMatchObject({
      apiVersion: "stable.example.com/v2beta1",
      metadata: { name: "w", namespace: "prod" },
    });
    expect(files["dry-run.sh"]).toContain("kubectl create --dry-run=server -o yaml -f object.json");
    expect(files["README.md"]).toContain("kubectl wait --for condition=established crd/widgets.stable.example.com");
  });

  it("stores the old object of an UPDATE and patches it to the new one's labels", () => {
    const files = bundle(
      configMapBucket({
        operation: "UPDATE",
        name: "cm",
        object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", labels: { v: "new" } } },
        oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", labels: { v: "old", gone: "x" } } },
      }),
    );
    const stored = docs(files["manifests.yaml"]).find((d) => d.kind === "ConfigMap");
    expect(stored?.metadata).toEqual({ name: "cm", namespace: "prod", labels: { v: "old", gone: "x" } });
    expect(files["object.json"]).toBeUndefined();
    expect(files["dry-run.sh"]).toContain(
      `kubectl patch --dry-run=server -o yaml --type merge -p '{"metadata":{"labels":{"gone":null,"v":"new"},"annotations":{}}}' 'configmaps' 'cm' -n 'prod'`,
    );
  });

  it.each([
    ["a DELETE by name", "cm", "kubectl delete --dry-run=server 'configmaps' 'cm' -n 'prod'"],
    [
      "a deletecollection's item",
      "",
      "kubectl delete --raw '/api/v1/namespaces/prod/configmaps?dryRun=All&fieldSelector=metadata.name%3Dcm'",
    ],
  ])("sends %s with the stored object's own name", (_, name, command) => {
    const files = bundle(
      configMapBucket({
        operation: "DELETE",
        name,
        oldObject: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm" } },
      }),
    );
    expect(files["dry-run.sh"]).toContain(command);
    expect(docs(files["manifests.yaml"]).some((d) => d.kind === "ConfigMap" && d.metadata.name === "cm")).toBe(true);
  });

  it("calls a webhook where nothing listens, under failurePolicy Fail, so that a match refuses the request", () => {
    const files = bundle(
      bucketOf({
        kubernetesVersion: "1.37",
        subject: {
          kind: "ValidatingWebhook",
          webhook: {
            rules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] }],
            failurePolicy: "Ignore",
          },
        },
        cluster: { namespaces: ns("prod") },
        request: {
          operation: "CREATE",
          resource: { group: "", version: "v1", resource: "pods" },
          kind: { group: "", version: "v1", kind: "Pod" },
          namespace: "prod",
          name: "web",
          object: { apiVersion: "v1", kind: "Pod", metadata: { name: "web" } },
        },
      }),
    );
    const [config] = docs(files["subject.yaml"]);
    expect(config?.webhooks[0]).toMatchObject({
      clientConfig: { url: "https://127.0.0.1:1/matchconform-reproduction" },
      failurePolicy: "Fail",
    });
    expect(docs(files["manifests.yaml"]).map((d) => d.kind)).toEqual(["Namespace", "ServiceAccount"]);
    expect(files["README.md"]).toContain('failed calling webhook "reproduction.matchconform.dev"');
  });

  it("says why, in the oracle's words, when no real cluster can reproduce the query", () => {
    const b = bucketOf({
      kubernetesVersion: "1.37",
      subject: policy,
      cluster: { namespaces: ns("prod") },
      request: {
        operation: "CREATE",
        resource: { group: "", version: "v1", resource: "configmaps" },
        kind: { group: "", version: "v1", kind: "ConfigMap" },
        namespace: "missing",
        name: "cm",
        object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm" } },
      },
    });
    const files = bundle(b);
    expect(Object.keys(files).sort()).toEqual(["README.md", "case.yaml", "not-reproducible.txt", "request.json"]);
    expect(files["not-reproducible.txt"]).toContain("NamespaceLifecycle");
    expect(files["README.md"]).toContain("## Not reproducible on a real cluster");
    expect(notReproducible(b)).toContain('the namespace "missing" does not exist');

    const dir = mkdtempSync(join(tmpdir(), "matchconform-bundle-"));
    writeReports(dir, {
      ...emptyReport,
      buckets: [b, bucketOf({ ...b.example.query, request: { ...b.example.query.request, namespace: "prod" } })],
    });
    const written = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
    expect(written.buckets.map((x) => x.notReproducible?.slice(0, 32))).toEqual([
      'the namespace "missing" does not',
      undefined,
    ]);
  });

  it("holds no placeholder, and either a command to run or the reason none can be, on generated scenarios", () => {
    for (const q of fc.sample(scenario({ minors: ["1.37"] }), { seed: 42, numRuns: 300 })) {
      const files = bundle(bucketOf(q));
      const runnable = ["crd.yaml", "manifests.yaml", "subject.yaml", "object.json", "dry-run.sh"];
      const text = runnable.map((f) => files[f] ?? "").join("\n");
      expect(text).not.toMatch(/<name>|undefined|webhook-receiver\.example/);
      expect(Object.values(files).join("\n")).not.toContain("undefined");
      expect("subject.yaml" in files !== "not-reproducible.txt" in files, JSON.stringify(q)).toBe(true);
    }
  });
});

/** A report with no bucket yet (the report of a run that never got going, less its "partial"). */
const unfinished = unfinishedReport({
  header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
  implementation: { name: "test", version: "0", language: "ts" },
  kubernetesVersions: ["1.37"],
  startedAt: 0,
  why: "",
});
const { partial: _, ...header } = unfinished.header;
const emptyReport: RunReport = { ...unfinished, header, footer: { ...unfinished.footer, exitCode: 1 } };
