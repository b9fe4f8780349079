// replay says which cases or minors it did not run and why, and exits 2 when it tested nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { dump } from "js-yaml";
import { describe, expect, it } from "vitest";
import { replay } from "./replay.ts";

const modelMatcher = fileURLToPath(new URL("../examples/model-matcher.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "matchconform-replay-"));

/** A module implementation: the model, declaring what `start` says and answering through `match`. */
function moduleMatcher(name: string, start: string, match = "handle(message)"): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `import handle from ${JSON.stringify(modelMatcher)};
export default function (message) {
  if (message.cmd === "start") return { ...handle(message), ${start} };
  if (message.cmd === "match") return ${match};
  return handle(message);
}
`,
  );
  return file;
}

const rules = {
  resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] }],
};
const podCreate = {
  description: "create a pod",
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "pods" },
    kind: { group: "", version: "v1", kind: "Pod" },
    namespace: "prod",
    name: "web",
    object: { apiVersion: "v1", kind: "Pod", metadata: { name: "web" } },
  },
  expected: "match",
};
const mutating = {
  description: "A mutating policy matches a pod create",
  source: "k8s.io/apiserver pkg/admission/plugin/policy/matching/matching.go",
  subject: { kind: "MutatingAdmissionPolicy", policy: { matchConstraints: rules }, binding: {} },
  cluster: { namespaces: { prod: {} } },
  tests: [podCreate],
};
const bare = {
  ...mutating,
  description: "A bare MatchResources matches a pod create",
  subject: { kind: "MatchResources", matchResources: rules },
};
const caseFile = join(dir, "cases.yaml");
writeFileSync(caseFile, dump([mutating, bare]));
/** The mutating case alone, which MutatingAdmissionPolicy makes 1.32+. */
const mutatingOnly = join(dir, "mutating-only.yaml");
writeFileSync(mutatingOnly, dump([mutating]));

async function run(o: { module?: string; kubernetesVersion?: string; paths?: readonly string[] }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await replay(
    { paths: o.paths ?? [caseFile], module: o.module, kubernetesVersion: o.kubernetesVersion },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("replay", () => {
  it("runs every test it can and lists nothing as not run on the model", async () => {
    const r = await run({});
    expect(r.code).toBe(0);
    expect(r.out).not.toContain("NOT RUN");
    expect(r.out).toMatch(/^14 passed, 0 failed$/m);
  });

  it("names the cases a minor leaves out, and still exits 0 when it tested something", async () => {
    const r = await run({ kubernetesVersion: "1.31" });
    expect(r.out).toContain("NOT RUN 1 × the case does not apply to --kubernetes-version 1.31");
    expect(r.out).toContain(
      `${caseFile}: A mutating policy matches a pod create  [1.32, 1.33, 1.34, 1.35, 1.36, 1.37]`,
    );
    expect(r.out).toMatch(/^1 passed, 0 failed; 1 case not run \(or not at every minor\)$/m);
    expect(r.code).toBe(0);
  });

  it("names the kinds and minors the implementation does not declare", async () => {
    const only = moduleMatcher("mutating-137", `subjects: ["MutatingAdmissionPolicy"], kubernetesVersions: ["1.37"]`);
    const r = await run({ module: only });
    expect(r.out).toContain("NOT RUN 1 × model-matcher does not declare the subject kind MatchResources");
    expect(r.out).toContain("NOT RUN 1 × model-matcher does not declare these minors");
    expect(r.out).toContain("A mutating policy matches a pod create  [1.32, 1.33, 1.34, 1.35, 1.36]");
    expect(r.out).toMatch(/^1 passed, 0 failed; 2 cases not run/m);
    expect(r.code).toBe(0);
  });

  it.each([
    [
      "every case is outside the minor asked for",
      { kubernetesVersion: "1.31", paths: [mutatingOnly] },
      "1 case not run",
    ],
    [
      "the implementation declares none of the kinds",
      { module: moduleMatcher("webhooks", `subjects: ["ValidatingWebhook"]`) },
      "2 cases not run",
    ],
    [
      "the implementation skips every test",
      {
        module: moduleMatcher("skips", "", `{ seq: message.seq, skipped: { message: "not implemented yet" } }`),
      },
      "14 tests skipped by the implementation",
    ],
  ] as const)("exits 2 with a message when nothing is tested: %s", async (_, o, why) => {
    const r = await run(o);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`matchconform: nothing was tested: ${why} (see NOT RUN above)`);
    expect(r.out).toContain("NOT RUN");
  });
});

describe("replay of a report's bundles", () => {
  // A report folder as a run leaves it: the bundle's case.yaml beside files that are no case files.
  const report = join(dir, "report");
  const bundles = join(report, "bundles");
  const bundle = join(bundles, "01-some-cause");
  mkdirSync(bundle, { recursive: true });
  writeFileSync(join(report, "report.json"), "{}\n");
  writeFileSync(join(bundles, ".matchconform-bundles.json"), `{"written":["01-some-cause"]}\n`);
  writeFileSync(join(bundle, "case.yaml"), dump([bare]));
  writeFileSync(join(bundle, "crd.yaml"), "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n");
  writeFileSync(join(bundle, "manifests.yaml"), "apiVersion: v1\nkind: Namespace\n");
  writeFileSync(join(bundle, "request.json"), `{"kind":"AdmissionReview"}\n`);
  writeFileSync(join(bundle, "README.md"), "# a bundle\n");

  it.each([
    ["the report folder", report],
    ["its bundles folder", bundles],
    ["one bundle", bundle],
  ])("replays only the minimal cases of %s", async (_, path) => {
    const r = await run({ paths: [path] });
    expect(r.err).toBe("");
    expect(r.out).toMatch(/^8 passed, 0 failed$/m);
    expect(r.code).toBe(0);
  });

  it("replays the shipped corpus when given no path", async () => {
    const r = await run({ paths: [], kubernetesVersion: "1.37" });
    expect(r.err).toBe("");
    expect(r.out).toMatch(/^[1-9]\d{2,} passed, 0 failed/m);
    expect(r.code).toBe(0);
  }, 120_000);
});
