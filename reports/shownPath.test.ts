import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { causeModel } from "./causeModel.ts";
import { sampleBucket } from "./reportFixtures.ts";
import { shownPath } from "./shownPath.ts";

describe("shownPath", () => {
  it("names a file below the working directory relative to it, as an installed project holds the corpus", () => {
    expect(shownPath("/proj/node_modules/matchconform/suites/cases/x.yaml", "/proj")).toBe(
      "node_modules/matchconform/suites/cases/x.yaml",
    );
    expect(shownPath("/repo/suites/cases/x.yaml", "/repo")).toBe("suites/cases/x.yaml");
  });

  it("keeps a file outside the working directory absolute, and a relative one as given", () => {
    expect(shownPath("/elsewhere/suites/cases/x.yaml", "/proj")).toBe("/elsewhere/suites/cases/x.yaml");
    expect(shownPath("mine/suites/x.yaml", "/proj")).toBe("mine/suites/x.yaml");
  });

  it("is what a cause's corpus list shows (no `suites/…` that does not exist where the user runs)", () => {
    const file = join(process.cwd(), "node_modules", "matchconform", "suites", "cases", "x.yaml");
    const b = { ...sampleBucket("s", "t"), evidence: { corpus: [{ file, case: "c", test: "t" }], invariants: [] } };
    expect(causeModel(b, 0).corpus).toEqual(["node_modules/matchconform/suites/cases/x.yaml: c / t"]);
  });
});
