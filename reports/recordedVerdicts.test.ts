// Recorded verdicts load with the case-file loader, replay clean on the model that decided them,
// come out the same whatever order they were asked in, and never cost another version its files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scenario } from "../generators/scenario.ts";
import { modelMatcher } from "../oracles/adapters/modelMatcher.ts";
import { recordingMatcher } from "../oracles/adapters/recordingMatcher.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import { loadAll } from "../suites/format/loadAll.ts";
import { replayWithModel } from "../suites/replay/replayCases.ts";
import { versionFolder, writeRecordedVerdicts } from "./recordedVerdicts.ts";

const corpus = loadAll(["suites/cases"]);

function queriesAt(minor: Minor): Query[] {
  const fromCorpus = corpus
    .filter((c) => c.minors.includes(minor))
    .flatMap((c) =>
      c.tests.map((t) => ({
        kubernetesVersion: minor,
        subject: c.subject,
        cluster: t.cluster ?? c.cluster ?? {},
        request: t.request,
      })),
    );
  return [...fromCorpus, ...fc.sample(scenario({ minors: [minor] }), { numRuns: 300, seed: 7 })];
}

async function record(queries: readonly Query[]) {
  const m = recordingMatcher(modelMatcher());
  for (const q of queries) await m.match(q);
  return m;
}

const implementation = (version: string) => ({ name: "kube-apiserver", version });
const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yaml"))
    .sort();

describe("recorded verdicts", () => {
  it("load with the case-file loader and replay clean on the model that decided them", async () => {
    const queries = queriesAt("1.37");
    const m = await record(queries);
    const dir = mkdtempSync(join(tmpdir(), "matchconform-record-"));
    const w = writeRecordedVerdicts(m.verdicts(), {
      dir,
      implementation: implementation("v1.37.2"),
      minor: "1.37",
      date: "2026-05-01",
    });
    expect(w.dir).toBe(join(dir, "v1.37.2"));
    expect(w.files).toContain("ValidatingAdmissionPolicy/pods.yaml");
    const cases = loadAll([w.dir]);
    expect(cases).toHaveLength(m.verdicts().length);
    expect(cases.every((c) => c.source === "recorded from kube-apiserver v1.37.2 on 2026-05-01")).toBe(true);
    expect(cases.every((c) => c.kubernetesVersions === "1.37" && c.minors.join() === "1.37")).toBe(true);
    const results = replayWithModel(cases);
    expect(results.filter((r) => r.result !== "passed")).toEqual([]);
    expect(results).toHaveLength(m.verdicts().length);
    expect(new Set(cases.map((c) => c.tests[0]?.expected.outcome))).toEqual(
      new Set(["match", "noMatch", "invalid", "error"]),
    );
  }, 60_000);

  it("are the same bytes whatever order the queries were asked in, and line up across minors", async () => {
    const queries = queriesAt("1.36");
    const shuffled = [...queries].reverse().map((q) => ({
      request: q.request,
      cluster: q.cluster,
      subject: q.subject,
      kubernetesVersion: q.kubernetesVersion,
    }));
    const [a, b] = [
      mkdtempSync(join(tmpdir(), "matchconform-record-")),
      mkdtempSync(join(tmpdir(), "matchconform-record-")),
    ];
    const target = { implementation: implementation("v1.36.9"), minor: "1.36", date: "2026-05-01" } as const;
    writeRecordedVerdicts((await record(queries)).verdicts(), { ...target, dir: a });
    writeRecordedVerdicts((await record(shuffled)).verdicts(), { ...target, dir: b });
    expect(files(a)).toEqual(files(b));
    for (const f of files(a)) expect(readFileSync(join(b, f), "utf8")).toBe(readFileSync(join(a, f), "utf8"));

    const one = queriesAt("1.37").slice(0, 40);
    const at36 = one.map((q) => ({ ...q, kubernetesVersion: "1.36" as const }));
    const c = mkdtempSync(join(tmpdir(), "matchconform-record-"));
    writeRecordedVerdicts((await record(one)).verdicts(), {
      dir: c,
      implementation: implementation("v1.37.2"),
      minor: "1.37",
    });
    writeRecordedVerdicts((await record(at36)).verdicts(), {
      dir: c,
      implementation: implementation("v1.36.9"),
      minor: "1.36",
    });
    const descriptions = (v: string) =>
      loadAll([join(c, v)]).map((x) => `${x.file.slice(c.length + v.length + 2)} ${x.description}`);
    expect(descriptions("v1.36.9")).toEqual(descriptions("v1.37.2"));
  }, 60_000);

  it("replace their own version's folder whole and leave every other version's alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "matchconform-record-"));
    const queries = queriesAt("1.37");
    const at = (minor: Minor) => queries.map((q) => ({ ...q, kubernetesVersion: minor }));
    writeRecordedVerdicts((await record(at("1.36"))).verdicts(), {
      dir,
      implementation: implementation("v1.36.9"),
      minor: "1.36",
    });
    const before36 = files(join(dir, "v1.36.9")).map((f) => readFileSync(join(dir, "v1.36.9", f), "utf8"));
    writeRecordedVerdicts((await record(queries)).verdicts(), {
      dir,
      implementation: implementation("v1.37.2"),
      minor: "1.37",
    });
    mkdirSync(join(dir, "v1.37.2", "Stale"));
    writeFileSync(join(dir, "v1.37.2", "Stale", "old.yaml"), "[]\n");
    // A crash between the two renames of an earlier write left the previous recording aside.
    renameSync(join(dir, "v1.37.2"), join(dir, ".replaced~v1.37.2~999999999~1"));

    const few = await record(queries.slice(0, 5));
    const w = writeRecordedVerdicts(few.verdicts(), { dir, implementation: implementation("v1.37.2"), minor: "1.37" });
    expect(w.cases).toBe(few.verdicts().length);
    expect(loadAll([w.dir])).toHaveLength(few.verdicts().length);
    expect(existsSync(join(dir, "v1.37.2", "Stale"))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["v1.36.9", "v1.37.2"]);
    expect(files(join(dir, "v1.36.9")).map((f) => readFileSync(join(dir, "v1.36.9", f), "utf8"))).toEqual(before36);
  });

  it("refuse a verdict of another minor", async () => {
    const m = await record(queriesAt("1.36").slice(0, 1));
    const dir = mkdtempSync(join(tmpdir(), "matchconform-record-"));
    expect(() =>
      writeRecordedVerdicts(m.verdicts(), { dir, implementation: implementation("v1.37.2"), minor: "1.37" }),
    ).toThrow(/1\.36 cannot be recorded under 1\.37/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ["v1.37.2", "v1.37.2"],
    ["v1.30.4-eks-a737599", "v1.30.4-eks-a737599"],
    ["v1.31.0+k3s1", "v1.31.0+k3s1"],
    ["v1.29.1/../../x", "v1.29.1-..-..-x"],
    ["unknown", "1.37"],
    ["../etc", "1.37"],
  ])("put %s in the folder %s", (version, folder) => {
    expect(versionFolder(version, "1.37")).toBe(folder);
  });
});
