// A held-out style run on the real upstream oracle: case files the model does not decide (?.,
// isIP, quantity; fixtures/beyond-model.yaml), and generated scenarios, put to an implementation
// that is kube-apiserver's own code but for one bug beyond the model (isIP true of every string).
// The upstream oracle of 1.37 decides those queries in the model's stead, the right answers pass,
// and the wrong one is a cause decided by upstream@1.37. Needs the oracle built: it runs where it is
// cached, or builds it with MATCHCONFORM_REQUIRE_GO=1 (suites/slowSuites.ts), as
// suites/upstream/agreement.test.ts does.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { matcherReference, OutsideReferences } from "../../oracles/adapters/reference.ts";
import { buildUpstreamOracle, hasGo } from "../../oracles/adapters/upstreamBuild.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { runMarkdown } from "../../reports/runMarkdown.ts";
import { summary } from "../../reports/runText.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { slowSuiteGate } from "../slowSuites.ts";
import { runConformance } from "./run.ts";

const gate = slowSuiteGate("upstream", ["1.37"]);
if (!gate.runs) console.warn(`suites/run/beyondModel: ${gate.why}`);
const cases = loadCaseFile(fileURLToPath(new URL("fixtures/beyond-model.yaml", import.meta.url)));
const isIpQuery = (q: Query) => JSON.stringify(q.subject).includes("isIP(");

describe.skipIf(!gate.runs)("where the model stops, the upstream oracle of 1.37 decides", () => {
  let binary: string;
  let upstream: Matcher;

  beforeAll(async () => {
    if (!(await hasGo()))
      throw new Error("Go is not on PATH, and MATCHCONFORM_REQUIRE_GO=1 asks for the upstream oracle");
    binary = await buildUpstreamOracle("1.37", (line) => process.stderr.write(`${line}\n`));
    upstream = await startChildMatcher(JSON.stringify(binary), { beyondModel: true });
  }, 3_600_000);

  afterAll(async () => {
    await upstream?.close();
  });

  it("reports an implementation's wrong answer there as a cause decided by upstream@1.37", async () => {
    // kube-apiserver's own code, but isIP is true of every string.
    const isIpAlwaysTrue: Matcher = {
      ...upstream,
      match: (q) =>
        isIpQuery(q) ? Promise.resolve({ answer: "outcome", outcome: { outcome: "match" } }) : upstream.match(q),
    };
    const references = new OutsideReferences([
      matcherReference("1.37", () => startChildMatcher(JSON.stringify(binary), { beyondModel: true })),
    ]);
    try {
      const report = await runConformance({
        matcher: isIpAlwaysTrue,
        options: {
          budget: { numRuns: 200, timeLimitMs: Number.POSITIVE_INFINITY, invariantRuns: 5, reduce: true },
          seed: 20261203,
          minors: ["1.37"],
          caseFiles: [],
        },
        cases,
        expected: [],
        progress: { phase() {}, tick() {} },
        header: { matchconform: "test", profile: "test", options: {}, replay: "test" },
        references: { oracles: references, choice: "upstream" },
      });
      // The held-out expectations are kube-apiserver's: every test but the host name's isIP passes.
      expect(report.footer.corpus).toEqual({ passed: 5, failed: 1, skipped: 0 });
      expect(report.footer.skips.corpus.reasons).toEqual([]);
      const beyond = report.buckets.filter((b) => b.reference === "upstream@1.37");
      expect(beyond.map((b) => b.signature)).toEqual([
        "upstream@1.37 · matchConditions: the function isIP · match ≠ noMatch",
      ]);
      expect(beyond[0]?.example.expected).toMatchObject({ outcome: "noMatch" });
      expect(beyond[0]?.example.caseFile).toContain("isIP(");
      // Inside the model the implementation is upstream itself: nothing else diverges.
      expect(report.buckets.filter((b) => b.reference !== "upstream@1.37")).toEqual([]);
      expect(summary(report)).toContain("decided by upstream@1.37");
      expect(runMarkdown(report)).toContain("decided by upstream@1.37");
    } finally {
      await references.close();
    }
  }, 600_000);
});
