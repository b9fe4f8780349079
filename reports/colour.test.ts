// Colour only where it is wanted: a terminal, unless NO_COLOR; anywhere FORCE_COLOR asks; never in
// the report files, which are rendered without a painter.
import { describe, expect, it } from "vitest";
import { unfinishedReport } from "../cli/unfinishedReport.ts";
import { ansi, colourWanted, painter } from "./colour.ts";
import { summary } from "./runText.ts";

describe("colourWanted", () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ TERM: "dumb" }, true, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ FORCE_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "" }, false, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "1", NO_COLOR: "1" }, false, true],
  ])("%j on a terminal %s: %s", (env, tty, wanted) => {
    expect(colourWanted(env, tty)).toBe(wanted);
  });
});

describe("the summary's colours", () => {
  const esc = "\x1b]0;owned\x07\x1b[5mblink";
  const r = unfinishedReport({
    header: { matchconform: "test", seed: 1, profile: "quick", options: {}, replay: "test" },
    implementation: { name: `m${esc}`, version: "1" },
    kubernetesVersions: ["1.37"],
    startedAt: 0,
    why: "test",
  });

  it("are SGR colours only, with the implementation's own sequences still stripped", () => {
    const text = summary(r, "dir", ansi);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    const sequences = text.match(/\x1b\[[0-9;]*m/g) ?? [];
    expect(sequences.length).toBeGreaterThan(0);
    expect(new Set(sequences)).toEqual(new Set(["\x1b[33m", "\x1b[39m", "\x1b[32m"]));
    expect(text).not.toContain("\x1b]");
    expect(text).not.toContain("\x1b[5m");
  });

  it("are absent without a painter, and equal to the plain text once the colours are taken out", () => {
    const plain = summary(r, "dir");
    expect(plain).not.toContain("\x1b");
    expect(summary(r, "dir", painter(false))).toBe(plain);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing our own colours
    expect(summary(r, "dir", ansi).replace(/\x1b\[[0-9;]*m/g, "")).toBe(plain);
  });
});
