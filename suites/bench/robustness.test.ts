// Issue 19's items that no other test runs from the CLI: signals during start-up (the start
// handshake; kube-apiserver's start when it is built), report folders a run must refuse before its
// work, the daemons a child leaves listed in every report, and the shell-injection bundle's
// dry-run.sh under a stub kubectl. Each from the command line, asserting the exit code, the reports
// and what is left behind (robustness/measure.ts); the other items are in suites/run/chaos.test.ts,
// suites/format/hostile/hostileInput.test.ts, cli/budgetFlags.test.ts and cli/replaySignals.test.ts.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { sourceCli } from "../../package/sourceCli.ts";
import reportSchema from "../../reports/run-report.schema.json" with { type: "json" };
import caseSchema from "../cases/case-file.schema.json" with { type: "json" };
import { slowSuiteGate } from "../slowSuites.ts";
import type { Item } from "./robustness/items.ts";
import { allItems } from "./robustness/items.ts";
import type { Measured } from "./robustness/measure.ts";
import { measure, reportFiles } from "./robustness/measure.ts";

const entry = [process.execPath, ...sourceCli];

function item(name: string): Item {
  const found = allItems.find((i) => i.name.startsWith(name));
  if (found === undefined) throw new Error(`no item ${name}`);
  return found;
}

async function run(i: Item): Promise<{ m: Measured; work: string; after: readonly string[] }> {
  const work = mkdtempSync(join(tmpdir(), "matchconform-robustness-test-"));
  const m = await measure(entry, i.prepare(work));
  return { m, work, after: i.after?.(work) ?? [] };
}

describe("a signal during start-up", () => {
  it("SIGTERM while the child has not answered start: exit 143, a partial report saying so, nothing left", async () => {
    const { m, work } = await run(item("run: SIGTERM during the start handshake"));
    expect(m.exitCode, m.stderr).toBe(143);
    expect(m.reports).toEqual(reportFiles);
    const report = JSON.parse(readFileSync(join(work, "r", "report.json"), "utf8"));
    expect(report.header.partial).toMatch(/SIGTERM/);
    expect(m.processes).toEqual([]);
    expect(m.files).toEqual([]);
  }, 180_000);

  const bundlesCheck = item("bundles check --local: SIGTERM while kube-apiserver starts");
  // Where kube-apiserver is built, or MATCHCONFORM_APISERVER=1 asks (suites/slowSuites.ts).
  it.skipIf(!slowSuiteGate("apiserver").runs)(
    "bundles check --local, SIGTERM while kube-apiserver starts: exit 143, no etcd or kube-apiserver left",
    async () => {
      const { m } = await run(bundlesCheck);
      expect(m.exitCode, m.stderr).toBe(143);
      expect(m.stderr).toMatch(/nothing is left behind/);
      expect(m.processes).toEqual([]);
      // The control plane's state folder, in the work folder, is removed with it.
      expect(m.files.filter((f) => f.startsWith("+cluster"))).toEqual([]);
    },
    300_000,
  );
});

describe("a report folder the run cannot use", () => {
  it.each([
    ["run: --report-dir is a file", /is a file, not a folder/],
    ["run: --report-dir . (the user's ./bundles/ there)", /bundles exists and was not written by matchconform/],
  ])(
    "%s: exit 2 before any work, the user's files untouched",
    async (name, said) => {
      const { m } = await run(item(name));
      expect(m.exitCode, m.stderr).toBe(2);
      expect(m.stderr).toMatch(said);
      expect(m.reports).toEqual([]);
      expect(m.files).toEqual([]);
    },
    180_000,
  );
});

describe("an implementation that leaves a setsid daemon", () => {
  it("has it killed and listed in every report format", async () => {
    const { m, work } = await run(item("child: setsid daemon"));
    expect(m.exitCode, m.stderr).toBe(1);
    expect(m.processes).toEqual([]);
    const read = (f: string) => readFileSync(join(work, "r", f), "utf8");
    const report = JSON.parse(read("report.json"));
    expect(report.footer.implementationHealth.escaped).toEqual([expect.stringMatching(/^\d+ .*setInterval.* daemon/)]);
    const ajv = new Ajv({ strict: false });
    (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
    ajv.addSchema(caseSchema);
    const valid = ajv.compile(reportSchema);
    expect(valid(report), JSON.stringify(valid.errors)).toBe(true);
    for (const f of ["report.md", "report.html", "junit.xml"]) expect(read(f), f).toMatch(/outside its process group/);
    expect(read("junit.xml")).toMatch(
      /<testcase classname="matchconform.implementation" name="it left no process running">\s*<failure/,
    );
  }, 180_000);
});

describe("the shell-injection case through a bundle", () => {
  it("is written by a real run, and its dry-run.sh under a stub kubectl creates nothing", async () => {
    const { m, after } = await run(item("dry-run.sh of a bundle"));
    expect(m.exitCode, m.stderr).toBe(1);
    expect(m.reports).toEqual(reportFiles);
    expect(after).toEqual([]);
    expect(m.files).toEqual([]);
  }, 300_000);
});
