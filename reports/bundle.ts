// A reproduction bundle for one bucket: the case file, the AdmissionRequest as JSON, and — when a
// real cluster can be asked the query — the manifests a person applies, the body to send and the
// dry-run command with the case's own names, with a README saying in words what to apply and what
// the server should decide. When no real cluster can reproduce it, the README and
// not-reproducible.txt say why, in the apiserver oracle's words.
import { dump } from "js-yaml";
import type { NotReproducible } from "../oracles/apiserver/batch/notReproducible.ts";
import type { Expected } from "../oracles/contract/outcome.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { Subject } from "../oracles/contract/subject.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { atLeast } from "../oracles/contract/versions.ts";
import { parseCaseFile } from "../suites/format/loadCaseFile.ts";
import { formatExpected } from "./answerText.ts";
import { seenIn } from "./bucketText.ts";
import type { Realised } from "./bundleRequest.ts";
import { realise, reproductionLabel } from "./bundleRequest.ts";
import { toExpected } from "./caseFile.ts";
import { md, mdCode } from "./escape.ts";
import type { Bucket } from "./runReport.ts";

const name = "matchconform-reproduction";
const webhookName = "reproduction.matchconform.dev";
/** Nothing listens there: a webhook that matches fails to be called, and failurePolicy Fail refuses the request. */
const nowhere = "https://127.0.0.1:1/matchconform-reproduction";
export const annotation = "matchconform.dev/reproduction";
const matched =
  "'matched ' + request.resource.group + '/' + request.resource.version + '/' + request.resource.resource + ' as ' + request.kind.group + '/' + request.kind.version + '/' + request.kind.kind";

/** What the bundle's case expects of its first test (the model's decision, or the corpus's expectation). */
export function expectedOf(b: Bucket): Expected {
  try {
    const c = parseCaseFile("case.yaml", b.example.caseFile)[0];
    if (c?.tests[0]) return c.tests[0].expected;
  } catch {
    // The example's own reference below.
  }
  const e = b.example.expected;
  return "message" in e ? toExpected(e) : e;
}

/** Why no real cluster can reproduce the bucket's example, or undefined when one can. */
export function notReproducible(b: Bucket): string | undefined {
  return whyNotReproducibleBucket(b)?.why;
}

/** The same, with its kind: an input no cluster sends, or a real request the oracle cannot observe. */
export function whyNotReproducibleBucket(b: Bucket): NotReproducible | undefined {
  const expected = expectedOf(b).outcome;
  const r = realise(b.example.query, expected === "invalid", expected === "error");
  return r.reproducible ? undefined : { kind: r.kind, why: r.why };
}

export function bundle(b: Bucket): Record<string, string> {
  const q = b.example.query;
  const expected = expectedOf(b);
  const r = realise(q, expected.outcome === "invalid", expected.outcome === "error");
  const common = {
    "case.yaml": b.example.caseFile,
    "request.json": json(admissionReview(q)),
    "README.md": readme(b, q, expected, r),
  };
  if (!r.reproducible) return { ...common, "not-reproducible.txt": `${r.why}\n` };
  const yaml = (docs: readonly unknown[]) => docs.map((d) => dump(d, { noRefs: true, lineWidth: 140 })).join("---\n");
  return {
    ...common,
    ...(r.crd && { "crd.yaml": yaml([r.crd.manifest]) }),
    ...(r.objects.length > 0 && { "manifests.yaml": yaml(r.objects) }),
    "subject.yaml": yaml(subjectObjects(q.subject, q.kubernetesVersion)),
    ...(r.body && { "object.json": json(r.body) }),
    ...(r.command && {
      // Every word from the case is single-quoted (reports/escape.ts shq), so a $ in one is meant literally.
      "dry-run.sh": `#!/bin/sh\n# shellcheck disable=SC2016\n# Apply crd.yaml, manifests.yaml and subject.yaml first and wait a few seconds (README.md), then:\ncd "$(dirname "$0")" && ${r.command}\n`,
    }),
  };
}

const json = (x: unknown) => `${JSON.stringify(x, null, 2)}\n`;

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

// Tried by hand on `cluster up`'s server, `kubectl delete -f manifests.yaml` waited for ever.
const namespaceCleanUp =
  "`matchconform cluster up` runs kube-apiserver without a controller manager, so there a deleted namespace stays Terminating: add `--wait=false`, and start afresh (`cluster down`, `cluster up`) before another bundle that names the same namespace.";

function readme(b: Bucket, q: Query, expected: Expected, r: Realised): string {
  const req = q.request;
  const what = `${req.operation} ${req.resource.group || "core"}/${req.resource.version}/${req.resource.resource}${req.subResource ? `/${req.subResource}` : ""}${req.name ? ` "${req.name}"` : ""}${req.namespace ? ` in namespace "${req.namespace}"` : ""}`;
  const head = [
    `# ${md(b.signature)}`,
    "",
    md(b.title),
    "",
    `${b.count} × (${md(seenIn(b))}). The example: a ${q.subject.kind} and the request ${md(what)}, at Kubernetes ${md(q.kubernetesVersion)}.`,
    `The reference decides: **${md(formatExpected(expected))}**. From this folder, \`npx matchconform replay case.yaml\` replays it on the model or, with \`--implementation\`, on yours; the commands below also run from here.`,
    "",
  ];
  if (!r.reproducible)
    return [
      ...head,
      "## Not reproducible on a real cluster",
      "",
      `No real kube-apiserver can be asked this query: ${md(r.why)}.`,
      "",
    ].join("\n");
  const n = (() => {
    let i = 0;
    return () => `${++i}.`;
  })();
  const invalid = expected.outcome === "invalid";
  const steps = [
    "## Reproduce it on a cluster",
    "",
    "Use a throwaway cluster (`npx matchconform cluster up`, or kind): the manifests set labels on the namespaces they name, and a webhook subject refuses every request it matches while it exists.",
    "`npx matchconform bundles check <this folder> --local` does all of this for you and says whether the server decides as the reference.",
    "",
    ...(r.crd
      ? [
          `${n()} \`kubectl apply -f crd.yaml && kubectl wait --for condition=established crd/${r.crd.name}\`: the custom resource's CRD, whose versions are the case's equivalentResources, in that order.`,
        ]
      : []),
    ...(r.objects.length > 0 ? [`${n()} \`kubectl apply -f manifests.yaml\`: ${contents(r)}.`] : []),
    `${n()} \`kubectl apply -f subject.yaml\`: the ${subjectWords(q.subject)}.${invalid ? "" : " Wait a few seconds: policies take up to a second to be in effect."}`,
    ...(invalid || !r.command
      ? []
      : [
          `${n()} \`sh dry-run.sh\` sends the request: ${mdCode(r.command)}${r.body ? " (its body is object.json)" : ""}; nothing is stored.`,
        ]),
    "",
    `The server should decide **${md(formatExpected(expected))}**: ${observation(q.subject, expected)}`,
    "",
    `Clean up in the reverse order: \`kubectl delete -f subject.yaml\`${r.objects.length > 0 ? ", `-f manifests.yaml`" : ""}${r.crd ? ", `-f crd.yaml`" : ""}.`,
    ...(r.objects.length > 0 ? [namespaceCleanUp] : []),
    "",
  ];
  return [...head, ...steps].join("\n");
}

function contents(r: Extract<Realised, { reproducible: true }>): string {
  const kinds = r.objects.map((o) => String(o.kind));
  const count = (k: string) => kinds.filter((x) => x === k).length;
  const parts = [
    count("Namespace") > 0 && `${count("Namespace")} namespace(s) with the case's labels`,
    count("ServiceAccount") > 0 && "the `default` ServiceAccount pods need (a bare kube-apiserver makes none)",
    kinds.length > count("Namespace") + count("ServiceAccount") && "the stored object the request acts on",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "nothing but the subject";
}

function subjectWords(s: Subject): string {
  switch (s.kind) {
    case "MatchResources":
      return "bare MatchResources, as the binding's matchResources under a ValidatingAdmissionPolicy matching every request (Warn only)";
    case "ValidatingAdmissionPolicy":
      return `ValidatingAdmissionPolicy (a \`false\` validation, Warn only)${s.binding ? " and its binding" : ", without binding as in the case"}`;
    case "MutatingAdmissionPolicy":
      return `MutatingAdmissionPolicy (writing the annotation ${annotation})${s.binding ? " and its binding" : ", without binding as in the case"}`;
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return `${s.kind}Configuration, calling an address where nothing listens, under failurePolicy Fail`;
  }
}

/** How the decision shows in what kubectl prints. */
function observation(s: Subject, e: Expected): string {
  switch (e.outcome) {
    case "invalid":
      return `\`kubectl apply -f subject.yaml\` refuses the ${s.kind === "MatchResources" ? "binding" : s.kind} as Invalid (HTTP 422)${e.contains ? `, saying ${md(JSON.stringify(e.contains))}` : ""}.`;
    case "error":
      return `the request is refused with HTTP ${e.code}${e.contains ? `, saying ${md(JSON.stringify(e.contains))}` : ""}.`;
    case "match":
    case "noMatch": {
      const yes = e.outcome === "match";
      const r = e.outcome === "match" ? e.matchedResource : undefined;
      const k = e.outcome === "match" ? e.matchedKind : undefined;
      const as =
        r && k ? `matched ${r.group}/${r.version}/${r.resource} as ${k.group}/${k.version}/${k.kind}` : "matched …";
      switch (s.kind) {
        case "MatchResources":
        case "ValidatingAdmissionPolicy":
          return yes
            ? `kubectl prints \`Warning: Validation failed for ValidatingAdmissionPolicy '${name}' with binding '${name}': ${as}\`.`
            : `kubectl prints no Warning from '${name}'.`;
        case "MutatingAdmissionPolicy":
          return yes
            ? `the object printed carries the annotation \`${annotation}: ${as}\`.`
            : `the object printed carries no annotation ${annotation}.`;
        case "ValidatingWebhook":
        case "MutatingWebhook":
          return yes
            ? `the request is refused: \`failed calling webhook "${webhookName}"\` (the server called it: it matched).`
            : `the request passes (the server did not call the webhook).`;
      }
    }
  }
}

function subjectObjects(s: Subject, minor: Minor): unknown[] {
  const metadata = { name, labels: reproductionLabel };
  switch (s.kind) {
    case "MatchResources":
      return validatingPolicy(
        { resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }] },
        "Fail",
        { matchResources: s.matchResources },
        metadata,
      );
    case "ValidatingAdmissionPolicy":
      return validatingPolicy(s.policy.matchConstraints, s.policy.failurePolicy, s.binding, metadata);
    case "MutatingAdmissionPolicy": {
      const apiVersion = `admissionregistration.k8s.io/${atLeast(minor, 36) ? "v1" : atLeast(minor, 34) ? "v1beta1" : "v1alpha1"}`;
      const policy = {
        apiVersion,
        kind: "MutatingAdmissionPolicy",
        metadata,
        spec: {
          ...(s.policy.matchConstraints && { matchConstraints: s.policy.matchConstraints }),
          ...(s.policy.failurePolicy && { failurePolicy: s.policy.failurePolicy }),
          reinvocationPolicy: "Never",
          mutations: [
            {
              patchType: "ApplyConfiguration",
              applyConfiguration: {
                expression: `Object{metadata: Object.metadata{annotations: {'${annotation}': ${matched}}}}`,
              },
            },
          ],
        },
      };
      if (!s.binding) return [policy];
      const spec = { policyName: name, ...(s.binding.matchResources && { matchResources: s.binding.matchResources }) };
      return [policy, { apiVersion, kind: "MutatingAdmissionPolicyBinding", metadata, spec }];
    }
    case "ValidatingWebhook":
    case "MutatingWebhook":
      return [
        {
          apiVersion: "admissionregistration.k8s.io/v1",
          kind: `${s.kind}Configuration`,
          metadata,
          webhooks: [
            {
              name: webhookName,
              ...s.webhook,
              clientConfig: { url: nowhere },
              failurePolicy: "Fail",
              sideEffects: "None",
              admissionReviewVersions: ["v1"],
              timeoutSeconds: 5,
            },
          ],
        },
      ];
  }
}

function validatingPolicy(
  matchConstraints: unknown,
  failurePolicy: string | undefined,
  binding: { matchResources?: unknown } | undefined,
  metadata: object,
): unknown[] {
  const policy = {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata,
    spec: {
      ...(matchConstraints !== undefined && { matchConstraints }),
      ...(failurePolicy && { failurePolicy }),
      validations: [{ expression: "false", messageExpression: matched }],
    },
  };
  if (!binding) return [policy];
  return [
    policy,
    {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata,
      spec: {
        policyName: name,
        validationActions: ["Warn"],
        ...(binding.matchResources !== undefined && { matchResources: binding.matchResources }),
      },
    },
  ];
}
