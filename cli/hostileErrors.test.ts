// A case file's words in the CLI's error lines: a description carrying "\n::error::…" started a
// line of its own on stderr, which a GitHub log reads as a workflow command (the indent trimmed).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "./cliTestKit.ts";

const forged = "x\r\n::error::forged\n  ::warning::indented\n# heading\x1b[31m\x07";
const dir = mkdtempSync(join(tmpdir(), "matchconform-hostile-cli-"));
const file = join(dir, "evil.yaml");
writeFileSync(
  file,
  JSON.stringify([
    {
      description: `case ${forged}`,
      subject: { kind: "MatchResources", matchResources: {} },
      tests: [{ description: `a test description far over the limit of seventy characters ${"z".repeat(80)}` }],
    },
  ]),
);

describe("a hostile case file's error", () => {
  it.each([["replay"], ["run"]])(
    "%s: one line per problem, none starting with what the file wrote",
    async (command) => {
      const r = await cli(command, file, "--no-config");
      expect(r.code).toBe(2);
      const lines = r.err.split("\n");
      expect(lines.filter((l) => /^\s*(::|#)/.test(l))).toEqual([]);
      expect(lines.some((l) => l.startsWith("matchconform: ") && l.includes("case x ::error::forged"))).toBe(true);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
      expect(r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    },
  );
});
