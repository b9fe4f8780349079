// Two recordings compared query by query: a changed verdict is named with the upstream change that
// explains it (or "unexplained"), a query only one side recorded is listed on its side, whatever
// order the folders are given in; the Markdown escapes what a recording says.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { queryKey } from "../../oracles/adapters/recordingMatcher.ts";
import type { Outcome } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { writeRecordedVerdicts } from "../../reports/recordedVerdicts.ts";
import { driftMarkdown } from "./driftMarkdown.ts";
import type { Drift } from "./recordedDrift.ts";
import { RecordingError, recordedDrift } from "./recordedDrift.ts";

const allRules = [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*"] }];
const webhook: Subject = { kind: "ValidatingWebhook", webhook: { rules: allRules } };
const policy: Subject = {
  kind: "ValidatingAdmissionPolicy",
  policy: { matchConstraints: { resourceRules: allRules } },
  binding: {},
};
const mutating: Subject = {
  kind: "MutatingAdmissionPolicy",
  policy: { matchConstraints: { resourceRules: allRules } },
  binding: {},
};

const tokenReview = {
  operation: "CREATE",
  resource: { group: "authentication.k8s.io", version: "v1", resource: "tokenreviews" },
  kind: { group: "authentication.k8s.io", version: "v1", kind: "TokenReview" },
  object: { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", metadata: {} },
} as const;
const pod = (name: string) =>
  ({
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "default",
    name,
    object: { apiVersion: "v1", kind: "Pod", metadata: { name, namespace: "default" } },
  }) as const;
// admissionregistration.k8s.io/v1 serves MutatingAdmissionPolicies from 1.36 on.
const mutatingPolicyObject = (name: string) =>
  ({
    operation: "CREATE",
    resource: { group: "admissionregistration.k8s.io", version: "v1", resource: "mutatingadmissionpolicies" },
    kind: { group: "admissionregistration.k8s.io", version: "v1", kind: "MutatingAdmissionPolicy" },
    name,
    object: { apiVersion: "admissionregistration.k8s.io/v1", kind: "MutatingAdmissionPolicy", metadata: { name } },
  }) as const;
const cluster = { namespaces: { default: { "kubernetes.io/metadata.name": "default" } } };

const match: Outcome = { outcome: "match" };
const noMatch: Outcome = { outcome: "noMatch" };

/** A recording as verify --record writes it, of these queries and verdicts at the minor. */
function recording(
  root: string,
  version: string,
  minor: Minor,
  asked: readonly [Subject, Query["request"], Outcome][],
) {
  const verdicts = asked.map(([subject, request, outcome]) => {
    const query: Query = { kubernetesVersion: minor, subject, cluster, request };
    return { key: queryKey(query), query, outcome };
  });
  const implementation = { name: "kube-apiserver", version };
  return writeRecordedVerdicts(verdicts, { dir: root, implementation, minor, date: "2026-12-03" }).dir;
}

function twoRecordings(): [string, string] {
  const root = mkdtempSync(join(tmpdir(), "matchconform-drift-"));
  const older = recording(root, "v1.34.4", "1.34", [
    [webhook, tokenReview, match],
    [webhook, pod("same"), match],
    [policy, pod("moved"), match],
    [policy, pod("gone"), noMatch],
    [webhook, mutatingPolicyObject("old"), noMatch],
  ]);
  const newer = recording(root, "v1.37.2", "1.37", [
    [webhook, tokenReview, noMatch],
    [webhook, pod("same"), match],
    [policy, pod("moved"), noMatch],
    [mutating, pod("new"), match],
    [webhook, mutatingPolicyObject("new"), noMatch],
  ]);
  return [older, newer];
}

describe("the drift between two recordings", () => {
  it("names each changed verdict's upstream change, and each query only one side recorded", () => {
    const d = recordedDrift(...twoRecordings());
    expect([d.older.version, d.newer.version, d.older.minor, d.newer.minor]).toEqual([
      "kube-apiserver v1.34.4",
      "kube-apiserver v1.37.2",
      "1.34",
      "1.37",
    ]);
    expect(d.same).toBe(1);
    const changed = Object.fromEntries(d.changed.map((e) => [e.file, e]));
    expect(changed["ValidatingWebhook/tokenreviews.authentication.k8s.io.yaml"]).toMatchObject({
      cause: "webhooksSkipAuthReviews",
      older: { outcome: "match" },
      newer: { outcome: "noMatch" },
      model: "both",
    });
    // No upstream change makes a policy stop matching a pod: a finding, and the model follows 1.34 only.
    expect(changed["ValidatingAdmissionPolicy/pods.yaml"]).toMatchObject({ cause: "unexplained", model: "older only" });
    expect(d.onlyNewer.map((e) => [e.file, e.cause])).toEqual([
      ["MutatingAdmissionPolicy/pods.yaml", "mutatingPolicyOnByDefault"],
      ["ValidatingWebhook/mutatingadmissionpolicies.admissionregistration.k8s.io.yaml", "resourceServedLater"],
    ]);
    // Every known change widens what the newer minor asks: none explains a query only the older recorded.
    expect(d.onlyOlder.map((e) => [e.file, e.cause, e.older?.outcome])).toEqual([
      ["ValidatingAdmissionPolicy/pods.yaml", "notAskedAtTheOther", "noMatch"],
      [
        "ValidatingWebhook/mutatingadmissionpolicies.admissionregistration.k8s.io.yaml",
        "notAskedAtTheOther",
        "noMatch",
      ],
    ]);
  });

  it("is the same whichever folder comes first", () => {
    const [older, newer] = twoRecordings();
    expect(recordedDrift(newer, older)).toEqual(recordedDrift(older, newer));
  });

  it("lists the changes in Markdown, grouped by cause and subject kind", () => {
    const text = driftMarkdown(recordedDrift(...twoRecordings()));
    expect(text).toMatch(/^# Drift of recorded verdicts: kube-apiserver v1\.34\.4 → kube-apiserver v1\.37\.2\n/);
    expect(text).toContain("3 queries recorded at both minors: 1 with the same verdict, **2 changed**");
    expect(text).toContain(
      "| admission webhooks no longer see the six auth review resources (1.37) | ValidatingWebhook | 1 |",
    );
    expect(text).toContain(
      "Upstream: `k8s.io/apiserver v0.37 pkg/admission/plugin/webhook/generic/webhook.go Dispatch",
    );
    expect(text).toContain("## Only at 1.37 (kube-apiserver v1.37.2)");
    expect(text).toContain("| `ValidatingWebhook/tokenreviews.authentication.k8s.io.yaml` | ");
  });

  it("escapes what a recording says, and counts the rows it does not list", () => {
    const d = recordedDrift(...twoRecordings());
    const hostile: Drift = {
      ...d,
      older: { ...d.older, dir: "a|`b`", version: "<img src=x>\n# heading" },
      changed: [0, 1, 2].map((i) => ({ ...(d.changed[0] as Drift["changed"][number]), description: `x${i} | <b>` })),
    };
    const text = driftMarkdown(hostile, { maxRows: 2, headingLevel: 3 });
    expect(text).not.toContain("<img");
    expect(text).toContain("| `x0 \\| <b>` |");
    expect(text).not.toMatch(/^# heading/m);
    expect(text).toContain("### Drift of recorded verdicts: &lt;img src=x&gt; # heading →");
    expect(text).toContain("`` a\\|`b` ``");
    expect(text).toContain("… and 1 more.");
  });

  it("refuses a folder that is not one minor's recording", () => {
    const [older, newer] = twoRecordings();
    const mixed = mkdtempSync(join(tmpdir(), "matchconform-drift-"));
    mkdirSync(join(mixed, "a"));
    writeFileSync(join(mixed, "a", "x.yaml"), "[]\n");
    expect(() => recordedDrift(mixed, newer)).toThrow(RecordingError);
    expect(() => recordedDrift(join(older, ".."), newer)).toThrow(
      /is not one minor's recording: its cases are for 1.34, 1.37/,
    );
  });
});
