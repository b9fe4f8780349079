// `matchconform drift`: exit 0 when two recordings agree, 1 when they differ, 2 on bad input; the
// Markdown on stdout or in --output, a one-line count on stderr.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { queryKey } from "../oracles/adapters/recordingMatcher.ts";
import type { Query } from "../oracles/contract/query.ts";
import { writeRecordedVerdicts } from "../reports/recordedVerdicts.ts";
import { cli } from "./cliTestKit.ts";

const recorded = "suites/recorded/v1.37.2";

/** A recording at 1.36 of one query the 1.37 recording lacks. */
function oneQueryAt136(): string {
  const query: Query = {
    kubernetesVersion: "1.36",
    subject: { kind: "MatchResources", matchResources: {} },
    cluster: {},
    request: {
      operation: "CREATE",
      resource: { group: "", version: "v1", resource: "nodes" },
      kind: { group: "", version: "v1", kind: "Node" },
      name: "n",
      object: { apiVersion: "v1", kind: "Node", metadata: { name: "n" } },
    },
  };
  const dir = mkdtempSync(join(tmpdir(), "matchconform-drift-cli-"));
  const implementation = { name: "kube-apiserver", version: "v1.36.4" };
  const verdicts = [{ key: queryKey(query), query, outcome: { outcome: "noMatch" } as const }];
  return writeRecordedVerdicts(verdicts, { dir, implementation, minor: "1.36" }).dir;
}

describe("matchconform drift", () => {
  it("exits 0 when the recordings agree on every query", async () => {
    const r = await cli("drift", recorded, recorded);
    expect(r.code).toBe(0);
    expect(r.out).toContain("**0 changed**");
    expect(r.err).toMatch(/: 1[0-9]{3} same, 0 changed, 0 only at 1.37, 0 only at 1.37$/);
  });

  it("exits 1 when a query is recorded at one minor only, and writes --output", async () => {
    const older = oneQueryAt136();
    const output = join(older, "..", "drift.md");
    const r = await cli("drift", recorded, older, "--output", output, "--max-rows", "3");
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain(`only at 1.36, 1573 only at 1.37; written to ${output}`);
    const text = readFileSync(output, "utf8");
    expect(text).toMatch(/^# Drift of recorded verdicts: kube-apiserver v1\.36\.4 → kube-apiserver v1\.37\.2/);
    expect(text).toContain("`MatchResources/nodes.yaml`");
    expect(text).toMatch(/… and \d+ more\./);
  });

  it("exits 2 on anything but two recorded version folders", async () => {
    for (const args of [
      [recorded],
      [recorded, "README.md"],
      [recorded, recorded, "--max-rows", "-1"],
      [recorded, "suites/cases"],
    ]) {
      const r = await cli("drift", ...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err, args.join(" ")).toMatch(/^matchconform: .+ \(see matchconform drift --help\)$/);
    }
  });
});
