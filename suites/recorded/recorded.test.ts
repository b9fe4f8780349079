// The committed recording of kube-apiserver v1.37.2's own verdicts (made by `verify --record`):
// it loads as case files and the reference model agrees with every verdict, so users without a
// cluster replay the server's answers, and a model change that departs from the server fails here.
import { describe, expect, it } from "vitest";
import { loadAll } from "../format/loadAll.ts";
import { replayWithModel } from "../replay/replayCases.ts";

describe("the recorded verdicts of kube-apiserver v1.37.2", () => {
  const cases = loadAll(["suites/recorded/v1.37.2"]);

  it("are many, each from the server, for 1.37", () => {
    expect(cases.length).toBeGreaterThan(1000);
    expect(cases.every((c) => c.source?.startsWith("recorded from kube-apiserver v1.37.2 on "))).toBe(true);
    expect(new Set(cases.flatMap((c) => c.minors))).toEqual(new Set(["1.37"]));
    expect(new Set(cases.map((c) => c.subject.kind)).size).toBe(5);
  });

  it("are all the reference model's decisions too", () => {
    const failed = replayWithModel(cases)
      .filter((r) => r.result !== "passed")
      .map((r) => `${r.file}: ${r.caseDescription}`);
    expect(failed).toEqual([]);
  });
});
