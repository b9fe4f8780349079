// The committed recordings of kube-apiserver's own verdicts (made by `verify --record`), at two
// minors: each loads as case files and the reference model agrees with every verdict at its minor,
// so users without a cluster replay the server's answers, and a model change that departs from the
// server fails here. The README's drift report between them is the one they give.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Minor } from "../../oracles/contract/versions.ts";
import { loadAll } from "../format/loadAll.ts";
import { driftMarkdown } from "../replay/driftMarkdown.ts";
import { recordedDrift } from "../replay/recordedDrift.ts";
import { replayWithModel } from "../replay/replayCases.ts";

const recordings: readonly { folder: string; minor: Minor; kinds: number }[] = [
  { folder: "v1.37.2", minor: "1.37", kinds: 5 },
  // MutatingAdmissionPolicy at 1.34: v1beta1, switched on by the local control plane.
  { folder: "v1.34.4", minor: "1.34", kinds: 5 },
];

describe.each(recordings)("the recorded verdicts of kube-apiserver $folder", ({ folder, minor, kinds }) => {
  const cases = loadAll([`suites/recorded/${folder}`]);

  it(`are many, each from the server, for ${minor}`, () => {
    expect(cases.length).toBeGreaterThan(1000);
    expect(cases.every((c) => c.source?.startsWith(`recorded from kube-apiserver ${folder} on `))).toBe(true);
    expect(new Set(cases.flatMap((c) => c.minors))).toEqual(new Set([minor]));
    expect(new Set(cases.map((c) => c.subject.kind)).size).toBe(kinds);
  });

  it("are all the reference model's decisions too", () => {
    const failed = replayWithModel(cases)
      .filter((r) => r.result !== "passed")
      .map((r) => `${r.file}: ${r.caseDescription}`);
    expect(failed).toEqual([]);
  });
});

/** A Markdown table's rows without the padding biome's formatter aligns the README's columns with. */
const unpadded = (markdown: string) =>
  markdown.replace(/^\|.*\|$/gm, (row) => row.replace(/ *\| */g, "|").replace(/\|-+(?=\|)/g, "|-"));

describe("the two recordings", () => {
  // 1.34.4 was asked 1.37.2's queries (verify --queries): the drift compares like with like.
  it("hold the same queries, but for those the older server cannot be asked", () => {
    const d = recordedDrift("suites/recorded/v1.34.4", "suites/recorded/v1.37.2");
    expect(d.onlyOlder).toEqual([]);
    expect(d.same + d.changed.length).toBe(d.older.queries);
    expect(d.onlyNewer.length).toBeLessThan(d.newer.queries * 0.02);
    expect(d.changed.filter((e) => e.cause === "unexplained" || e.model !== "both")).toEqual([]);
  });
});

describe("the README's drift report", () => {
  it("is the one the recordings give", () => {
    const readme = readFileSync("README.md", "utf8");
    const block = /<!-- drift begin -->\n([\s\S]*?)<!-- drift end -->/.exec(readme);
    expect(block?.[1]).toBeDefined();
    const d = recordedDrift("suites/recorded/v1.34.4", "suites/recorded/v1.37.2");
    expect(unpadded(block?.[1] ?? "")).toBe(unpadded(driftMarkdown(d, { headingLevel: 4, maxRows: 5 })));
  });
});
