// A reproduction bundle for one bucket: the case file, the AdmissionRequest as JSON, and
// manifests a person applies to a cluster, with the one dry-run command that shows its decision.
import { dump } from "js-yaml";
import type { KubeObject, MatchResources } from "../oracles/contract/kube.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import type { Query } from "../oracles/invariants/invariant.ts";
import type { Minor } from "../oracles/model/versions.ts";
import { atLeast } from "../oracles/model/versions.ts";
import type { Bucket } from "./runReport.ts";

const label = { "matchconform.dev/reproduction": "true" };
const everything = { operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] };
const message = "'matchconform: matched ' + request.resource.resource + ' as ' + request.kind.kind";

export function bundle(b: Bucket): Record<string, string> {
  const q = b.example.query;
  return {
    "case.yaml": b.example.caseFile,
    "request.json": `${JSON.stringify(admissionReview(q), null, 2)}\n`,
    "manifests.yaml": manifests(q),
    "dry-run.sh": `#!/bin/sh\n# Apply manifests.yaml first, wait a few seconds, then:\n${dryRun(q)}\n`,
  };
}

function admissionReview(q: Query) {
  const r = q.request;
  return {
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    request: {
      uid: "00000000-0000-0000-0000-000000000000",
      kind: r.kind,
      resource: r.resource,
      ...(r.subResource && { subResource: r.subResource }),
      requestKind: r.kind,
      requestResource: r.resource,
      name: r.name ?? "",
      namespace: r.namespace ?? "",
      operation: r.operation,
      userInfo: { username: "matchconform" },
      object: r.object ?? null,
      oldObject: r.oldObject ?? null,
      dryRun: true,
    },
  };
}

function manifests(q: Query): string {
  const docs: unknown[] = [];
  for (const [name, labels] of Object.entries(q.cluster.namespaces ?? {})) {
    const { "kubernetes.io/metadata.name": _, ...own } = labels;
    docs.push({ apiVersion: "v1", kind: "Namespace", metadata: { name, labels: { ...own, ...label } } });
  }
  docs.push(...subjectObjects(q.subject, q.kubernetesVersion));
  const stored = q.request.operation === "CREATE" ? undefined : (q.request.oldObject ?? q.request.object);
  if (stored && typeof stored === "object" && "metadata" in stored) docs.push(storable(stored));
  return `${docs.map((d) => dump(d, { noRefs: true, lineWidth: 140 })).join("---\n")}`;
}

/** The stored object an UPDATE, DELETE or subresource request acts on. */
function storable(o: KubeObject): KubeObject {
  const meta = o.metadata as Record<string, unknown>;
  const { generateName: _, ...rest } = meta;
  return { ...o, metadata: rest };
}

function subjectObjects(s: Subject, minor: Minor): unknown[] {
  const meta = (name: string) => ({ name, labels: label });
  switch (s.kind) {
    case "MatchResources":
      // The bare matcher, realised as a binding's matchResources under a policy matching everything.
      return validatingPolicy({ resourceRules: [everything] }, "Fail", { matchResources: s.matchResources }, meta);
    case "ValidatingAdmissionPolicy":
      return validatingPolicy(s.policy.matchConstraints ?? {}, s.policy.failurePolicy, s.binding, meta);
    case "MutatingAdmissionPolicy": {
      const apiVersion = `admissionregistration.k8s.io/${atLeast(minor, 36) ? "v1" : atLeast(minor, 34) ? "v1beta1" : "v1alpha1"}`;
      const policy = {
        apiVersion,
        kind: "MutatingAdmissionPolicy",
        metadata: meta("matchconform-reproduction"),
        spec: {
          matchConstraints: s.policy.matchConstraints,
          ...(s.policy.failurePolicy && { failurePolicy: s.policy.failurePolicy }),
          reinvocationPolicy: "Never",
          mutations: [{ patchType: "JSONPatch", jsonPatch: { expression: "[]" } }],
        },
      };
      if (!s.binding) return [policy];
      return [
        policy,
        {
          apiVersion,
          kind: "MutatingAdmissionPolicyBinding",
          metadata: meta("matchconform-reproduction"),
          spec: {
            policyName: "matchconform-reproduction",
            ...(s.binding.matchResources && { matchResources: s.binding.matchResources }),
          },
        },
      ];
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return [
        {
          apiVersion: "admissionregistration.k8s.io/v1",
          kind: `${s.kind}Configuration`,
          metadata: meta("matchconform-reproduction"),
          webhooks: [
            {
              name: "reproduction.matchconform.dev",
              ...s.webhook,
              // Point it at a receiver that logs what it is sent; Ignore keeps a missing one harmless.
              clientConfig: { url: "https://webhook-receiver.example/validate" },
              sideEffects: "None",
              admissionReviewVersions: ["v1"],
            },
          ],
        },
      ];
  }
}

function validatingPolicy(
  matchConstraints: MatchResources,
  failurePolicy: string | undefined,
  binding: { matchResources?: MatchResources; validationActions?: readonly string[] } | undefined,
  meta: (name: string) => object,
): unknown[] {
  const policy = {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: meta("matchconform-reproduction"),
    spec: {
      matchConstraints,
      ...(failurePolicy && { failurePolicy }),
      validations: [{ expression: "false", messageExpression: message }],
    },
  };
  if (!binding) return [policy];
  return [
    policy,
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata: meta("matchconform-reproduction"),
      spec: {
        policyName: "matchconform-reproduction",
        validationActions: ["Warn"],
        ...(binding.matchResources && { matchResources: binding.matchResources }),
      },
    },
  ];
}

/** The request as one kubectl command with server-side dry run: a Warning shows the policy matched. */
function dryRun(q: Query): string {
  const r = q.request;
  const ns = r.namespace && r.resource.resource !== "namespaces" ? ` -n ${r.namespace}` : "";
  const target = `${r.resource.resource}${r.resource.group ? `.${r.resource.version}.${r.resource.group}` : ""}`;
  switch (r.operation) {
    case "CREATE":
      return r.subResource
        ? `kubectl create --raw '/${path(q)}/${r.subResource}?dryRun=All' -f request-object.json  # the object of request.json`
        : `cat <<'EOF' | kubectl create --dry-run=server -f -\n${JSON.stringify(r.object)}\nEOF`;
    case "UPDATE":
      return r.subResource
        ? `kubectl replace --raw '/${path(q)}/${r.subResource}?dryRun=All' -f request-object.json  # the object of request.json`
        : `cat <<'EOF' | kubectl replace --dry-run=server -f -\n${JSON.stringify(r.object)}\nEOF`;
    case "DELETE":
      return `kubectl delete --dry-run=server ${target} ${r.name || "<name>"}${ns}`;
    case "CONNECT":
      return `kubectl get --raw '/${path(q)}/${r.subResource ?? ""}'  # CONNECT has no dry run: use a target that does not exist`;
  }
}

function path(q: Query): string {
  const r = q.request;
  const base = r.resource.group ? `apis/${r.resource.group}/${r.resource.version}` : `api/${r.resource.version}`;
  const ns = r.namespace && r.resource.resource !== "namespaces" ? `/namespaces/${r.namespace}` : "";
  return `${base}${ns}/${r.resource.resource}/${r.name || "<name>"}`;
}
